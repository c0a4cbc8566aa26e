/** The pricing page's questions: the ones people ask before paying. */
import { Accordion, Heading, Stack, Text } from '@chakra-ui/react';
import { MONEY_BACK_DAYS } from '@contract/plans';

const QUESTIONS = [
  {
    question: 'When do my downloads reset?',
    answer:
      'Every month, on the day your subscription renews: your plan’s full quota comes back. Unused downloads do not carry over.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel from your dashboard and the subscription stays active until the end of the period you paid for; you will not be charged again. You can resume it before then.',
  },
  {
    question: 'Can I change my plan later?',
    answer:
      'Yes. Switch to another plan from this page; Stripe prorates the difference on your next invoice, and your download quota follows the new plan.',
  },
  {
    question: 'What if the templates are not right for me?',
    answer: `Every plan comes with a ${MONEY_BACK_DAYS}-day money-back guarantee: request a refund from your dashboard and our team reviews it.`,
  },
  {
    question: 'Do templates bought on their own use my quota?',
    answer:
      'No. A template sold as a one-time purchase is yours once bought: download it as often as you like, with or without a subscription, and your monthly quota is untouched.',
  },
  {
    question: 'What may I do with a template I download?',
    answer:
      'Each download comes with a licence certificate in your dashboard that states the template’s licence terms in plain words.',
  },
] as const;

export function PricingFaq() {
  return (
    <Stack gap="4" data-testid="pricing-faq">
      <Heading as="h2" size="xl">
        Frequently asked questions
      </Heading>
      <Accordion.Root collapsible multiple variant="enclosed">
        {QUESTIONS.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.ItemTrigger>
              <Text flex="1" fontWeight="medium">
                {item.question}
              </Text>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody color="fg.muted">{item.answer}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Stack>
  );
}

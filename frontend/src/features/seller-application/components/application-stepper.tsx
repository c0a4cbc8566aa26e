/**
 * The wizard's progress: one round marker per step, a check mark on the steps done, the current
 * one highlighted. Below the medium breakpoint only the markers show, with "Step 2 of 4" under
 * them, so the row never runs wider than a phone.
 */
import { Flex, Steps, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { SELLER_APPLICATION_STEPS } from '@contract/seller-applications';

/** @param step the step on screen; the step count means every step is done (the code step). */
export function ApplicationStepper({ step }: { step: number }) {
  const count = SELLER_APPLICATION_STEPS.length;
  return (
    <Steps.Root step={step} count={count} size="sm" colorPalette="purple">
      {/*
        A progress list, not tabs: the steps are not panels one can switch between, so the list
        is an <ol> of its own instead of Steps.List (a tablist owning tab triggers).
      */}
      <Flex
        as="ol"
        aria-label="Application steps"
        justify="space-between"
        align="center"
        gap={{ base: '1', md: '2' }}
        listStyleType="none"
        minW="0"
        // The sizes Steps.List would set (the markers' size, the separators' gap and thickness).
        css={{
          '--steps-size': '2rem',
          '--steps-icon-size': '1rem',
          '--steps-gutter': '0.5rem',
          '--steps-thickness': '2px',
        }}
      >
        {SELLER_APPLICATION_STEPS.map((title, index) => (
          <Steps.Item
            key={title}
            index={index}
            title={title}
            as="li"
            minW={{ base: '0', md: 'auto' }}
            gap="2"
            aria-current={index === step ? 'step' : undefined}
          >
            <Steps.Indicator flexShrink={0}>
              <Steps.Status
                complete={<LuCheck aria-label="done" />}
                incomplete={<Steps.Number />}
              />
            </Steps.Indicator>
            <Steps.Title hideBelow="md" whiteSpace="nowrap" fontSize="sm">
              {title}
            </Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </Flex>
      <Text hideFrom="md" fontSize="sm" color="fg.muted" textAlign="center">
        {step < count
          ? `Step ${step + 1} of ${count}: ${SELLER_APPLICATION_STEPS[step]}`
          : 'Last step: confirm your email'}
      </Text>
    </Steps.Root>
  );
}

/**
 * The contact page (`/contact`, also `/support`): a form checked by the API's own schema (its
 * messages, word for word), then the team's thank-you in place of the form.
 */
import { useState } from 'react';
import { Box, Button, Container, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { CONTACT_LIMITS, contactMessageInputSchema } from '@contract/contact';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' };

export function ContactView({ title }: { title: string }) {
  const send = useSendContactMessage();
  const [sent, setSent] = useState<string>();
  const form = useZodForm(contactMessageInputSchema, EMPTY);
  const submit = useFormSubmit(form, {
    onValid: async (input) => {
      const answer = await send.mutateAsync(input);
      form.reset(EMPTY);
      setSent(answer.message);
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });
  const { errors } = form.formState;

  return (
    <Container maxW="2xl" py={{ base: '10', md: '16' }} data-testid="contact-page">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {title}
          </Heading>
          <Text color="fg.muted">
            Questions about templates, licences, payouts or your account? Write to us and our team
            will get back to you by e-mail.
          </Text>
        </Stack>
        {sent ? (
          <Stack gap="4" align="flex-start">
            <FormAlert status="success" title={sent} data-testid="contact-sent" />
            <Button variant="outline" onClick={() => setSent(undefined)}>
              Send another message
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit.onSubmit} noValidate aria-label="Contact us">
            <Stack gap="4">
              {submit.failure && (
                <FormAlert status="error" title={submit.failure} data-testid="contact-error" />
              )}
              <FormField label="Name" error={errors.name?.message}>
                <Input {...form.register('name')} autoComplete="name" />
              </FormField>
              <FormField label="E-mail" error={errors.email?.message}>
                <Input {...form.register('email')} type="email" autoComplete="email" />
              </FormField>
              <FormField label="Subject" error={errors.subject?.message}>
                <Input {...form.register('subject')} />
              </FormField>
              <FormField
                label="Message"
                error={errors.message?.message}
                hint={`${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.message.toLocaleString('en-GB')} characters.`}
              >
                <Textarea {...form.register('message')} rows={7} />
              </FormField>
              {/* A field people never see: only bots fill it. */}
              <Box position="absolute" left="-10000px" aria-hidden>
                <label>
                  Website
                  <input {...form.register('website')} tabIndex={-1} autoComplete="off" />
                </label>
              </Box>
              <Button
                type="submit"
                colorPalette="purple"
                alignSelf="flex-start"
                loading={submit.busy}
              >
                Send message
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}

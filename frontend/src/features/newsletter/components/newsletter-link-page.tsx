/**
 * The two pages newsletter e-mails link to, in one frame: a heading, what pressing the button
 * does, and the outcome (the API's message, or why the link does not work).
 *
 * Neither acts on load: the page is what the link opens, and mail scanners and link previews open
 * links (some run scripts too), so a GET (or a script that POSTs on load) would unsubscribe or
 * confirm without the person. A button press is a person's. Mail clients that support RFC 8058
 * one-click unsubscribe POST to the API themselves, without this page.
 */
import type { ReactNode } from 'react';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';

export interface NewsletterLinkPageProps {
  title: string;
  /** What the button does, before it is pressed. */
  explanation: ReactNode;
  actionLabel: string;
  /** Shown when the link has no token at all. */
  invalidMessage: string;
  mutation: {
    mutate: (token: string) => void;
    isPending: boolean;
    isSuccess: boolean;
    isError: boolean;
    error: unknown;
    data?: { message: string } | undefined;
  };
  testId: string;
}

export function NewsletterLinkPage(props: NewsletterLinkPageProps) {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { mutation } = props;
  return (
    <Container maxW="lg" py="16" data-testid={props.testId}>
      <Stack gap="5" borderWidth="1px" rounded="xl" p="8" bg="bg.panel">
        <Heading as="h1" size="xl">
          {props.title}
        </Heading>
        {!token ? (
          <FormAlert
            status="error"
            title={props.invalidMessage}
            data-testid="newsletter-link-error"
          />
        ) : mutation.isSuccess ? (
          <FormAlert
            status="success"
            title={mutation.data?.message ?? ''}
            data-testid="newsletter-link-done"
          />
        ) : (
          <>
            {mutation.isError && (
              <FormAlert
                status="error"
                title={errorMessage(mutation.error)}
                data-testid="newsletter-link-error"
              />
            )}
            <Text color="fg.muted">{props.explanation}</Text>
            <Button
              colorPalette="purple"
              alignSelf="flex-start"
              loading={mutation.isPending}
              onClick={() => mutation.mutate(token)}
              data-testid="newsletter-link-action"
            >
              {props.actionLabel}
            </Button>
          </>
        )}
        <Button asChild variant="outline" alignSelf="flex-start" size="sm">
          <RouterLink to={paths.home.getHref()}>Go to the homepage</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

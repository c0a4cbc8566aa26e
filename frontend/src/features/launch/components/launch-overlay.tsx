import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Box, Button, Checkbox, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import {
  CHECK_INBOX_MESSAGE,
  LEAD_CONSENT_REQUIRED_MESSAGE,
  LEAD_EMAIL_REQUIRED_MESSAGE,
  LEAD_FAILED_MESSAGE,
  LEAD_SOURCE,
  LEAD_SUCCESS_MESSAGE,
  leadCaptureSchema,
} from '@contract/newsletter';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { paths } from '@/config/paths';
import { Logo } from '@/components/logo';
import { useCaptureLead } from '../api/capture-lead';
import { countdownTo } from '../lib/launch-state';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * The full-screen launch overlay: a countdown to the launch moment (then 'WE ARE LIVE!') and an
 * e-mail form with privacy consent that stores a lead.
 *
 * Its two-field form is the one form without react-hook-form: before the launch this overlay
 * loads on every page a visitor opens first, and the library would add about 15 KB gzipped to
 * that for one e-mail field. It uses the shared field and alert, and the API's own schema.
 */
export function LaunchOverlay({ launchAt, onEnter }: { launchAt: string; onEnter: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const countdown = countdownTo(launchAt, now);

  useEffect(() => {
    if (countdown.live) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [countdown.live]);

  // The page underneath must not scroll behind the overlay.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-label="Launch countdown"
      data-testid="launch-overlay"
      position="fixed"
      inset="0"
      zIndex="overlay"
      overflowY="auto"
      bgGradient="to-br"
      gradientFrom="purple.900"
      gradientTo="gray.950"
      color="white"
      display="flex"
      alignItems="center"
      justifyContent="center"
      p="6"
    >
      <Stack gap="8" align="center" maxW="2xl" w="full" textAlign="center">
        <Logo onDark />
        {countdown.live ? (
          <Stack gap="4" align="center">
            <Heading as="h1" fontSize={{ base: '5xl', md: '7xl' }} letterSpacing="tight">
              WE ARE LIVE!
            </Heading>
            <Button colorPalette="purple" size="lg" onClick={onEnter}>
              Enter the marketplace
            </Button>
          </Stack>
        ) : (
          <LaunchCountdown countdown={countdown} />
        )}

        <LeadForm />
      </Stack>
    </Box>
  );
}

/** Days, hours, minutes and seconds to the launch. */
function LaunchCountdown({ countdown }: { countdown: ReturnType<typeof countdownTo> }) {
  return (
    <Stack gap="6" align="center">
      <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} letterSpacing="tight">
        Launching soon
      </Heading>
      <HStack gap={{ base: '3', md: '6' }} data-testid="launch-countdown">
        {UNITS.map(([unit, label]) => (
          <Stack key={unit} gap="1" minW={{ base: '16', md: '24' }}>
            <Text
              fontSize={{ base: '4xl', md: '6xl' }}
              fontWeight="bold"
              fontVariantNumeric="tabular-nums"
              data-testid={`countdown-${unit}`}
            >
              {String(countdown[unit]).padStart(2, '0')}
            </Text>
            <Text fontSize="sm" textTransform="uppercase" color="whiteAlpha.700">
              {label}
            </Text>
          </Stack>
        ))}
      </HStack>
    </Stack>
  );
}

/** The e-mail and consent form that stores a lead, then the thanks. */
function LeadForm() {
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string>();
  const capture = useCaptureLead();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!email.trim()) return setError(LEAD_EMAIL_REQUIRED_MESSAGE);
    if (!agreed) return setError(LEAD_CONSENT_REQUIRED_MESSAGE);
    const parsed = leadCaptureSchema.safeParse({
      email,
      agreed_to_terms: agreed,
      source: LEAD_SOURCE,
      timestamp: new Date().toISOString(),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? LEAD_FAILED_MESSAGE);
    capture.mutate(parsed.data, { onError: () => setError(LEAD_FAILED_MESSAGE) });
  };

  return (
    <Box w="full" maxW="md" bg="whiteAlpha.100" rounded="xl" p="6">
      {capture.isSuccess ? (
        <FormAlert
          status="success"
          title={LEAD_SUCCESS_MESSAGE}
          description={CHECK_INBOX_MESSAGE}
          data-testid="lead-success"
        />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Get notified">
          <Stack gap="4" textAlign="left">
            <Text fontWeight="semibold">Be the first to know when we launch.</Text>
            {error && <FormAlert status="error" title={error} data-testid="lead-error" />}
            <FormField label="Email address" labelProps={{ color: 'white' }}>
              <Input
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                bg="white"
                color="gray.900"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </FormField>
            <Checkbox.Root
              checked={agreed}
              onCheckedChange={(details) => setAgreed(details.checked === true)}
              colorPalette="purple"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                I agree to the{' '}
                <Link href={paths.privacy.getHref()} color="purple.200" target="_blank">
                  privacy policy
                </Link>
              </Checkbox.Label>
            </Checkbox.Root>
            <Button type="submit" colorPalette="purple" loading={capture.isPending}>
              Notify me
            </Button>
          </Stack>
        </form>
      )}
    </Box>
  );
}

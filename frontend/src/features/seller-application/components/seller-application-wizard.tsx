/**
 * `/seller-signup` and `/sell` (seller spec §2, §5 Seller wizard): four steps, each validated
 * before Next with the spec's messages; submit creates the seller account and stores the
 * application, then sends the applicant to /auth with a message.
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Steps,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import {
  APPLICATION_SUBMITTED_MESSAGE,
  SELLER_APPLICATION_STEPS,
  SPECIALIZATIONS,
  YEARS_EXPERIENCE,
  applicationAccountSchema,
  applicationAgreementSchema,
  applicationExperienceSchema,
  applicationPortfolioSchema,
  type SellerApplicationBody,
} from '@contracts/seller-applications';
import { paths } from '../../../config/paths';
import { describeAuthError } from '../../../lib/auth-errors';
import { validateFields, type FieldErrors } from '../../../lib/form-errors';
import {
  confirmationCodeSchema,
  confirmSellerAccount,
  createSellerAccount,
  credentialsSchema,
  submitApplication,
  type Credentials,
} from '../api/submit-application';

export const SUBMIT_FAILED = 'Failed to submit application';

interface WizardValues {
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  companyName: string;
  website: string;
  yearsExperience: string;
  specializations: string[];
  previousWork: string;
  portfolioDescription: string;
  sampleProjects: string;
  githubProfile: string;
  linkedinProfile: string;
  agreeToTerms: boolean;
  agreeToCommission: boolean;
}

const initialValues: WizardValues = {
  email: '',
  password: '',
  confirmPassword: '',
  fullName: '',
  companyName: '',
  website: '',
  yearsExperience: '',
  specializations: [],
  previousWork: '',
  portfolioDescription: '',
  sampleProjects: '',
  githubProfile: '',
  linkedinProfile: '',
  agreeToTerms: false,
  agreeToCommission: false,
};

/** The first step checks the credentials and the account fields together. */
const stepErrors = (step: number, values: WizardValues): FieldErrors => {
  const check = (schema: Parameters<typeof validateFields>[0]) => {
    const result = validateFields(schema, values);
    return result.ok ? {} : result.errors;
  };
  if (step === 0) return { ...check(applicationAccountSchema), ...check(credentialsSchema) };
  if (step === 1) return check(applicationExperienceSchema);
  if (step === 2) return check(applicationPortfolioSchema);
  return check(applicationAgreementSchema);
};

const ORDER: (keyof WizardValues)[] = [
  'email',
  'password',
  'confirmPassword',
  'fullName',
  'yearsExperience',
  'specializations',
  'previousWork',
  'portfolioDescription',
  'sampleProjects',
  'agreeToTerms',
  'agreeToCommission',
];
const firstError = (errors: FieldErrors) =>
  ORDER.map((name) => errors[name]).find(Boolean) ?? Object.values(errors)[0];

export function SellerApplicationWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<WizardValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');

  const set = <K extends keyof WizardValues>(name: K, value: WizardValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const next = () => {
    const found = stepErrors(step, values);
    setErrors(found);
    setFormError(firstError(found));
    if (Object.keys(found).length === 0) setStep((current) => current + 1);
  };
  const back = () => {
    setErrors({});
    setFormError(undefined);
    setStep((current) => Math.max(0, current - 1));
  };

  const credentials = (): Credentials => credentialsSchema.parse(values);
  const application = (): SellerApplicationBody => ({
    fullName: values.fullName,
    companyName: values.companyName,
    website: values.website,
    githubProfile: values.githubProfile,
    linkedinProfile: values.linkedinProfile,
    yearsExperience: values.yearsExperience as SellerApplicationBody['yearsExperience'],
    specializations: values.specializations as SellerApplicationBody['specializations'],
    previousWork: values.previousWork,
    portfolioDescription: values.portfolioDescription,
    sampleProjects: values.sampleProjects,
    agreeToTerms: values.agreeToTerms as true,
    agreeToCommission: values.agreeToCommission as true,
  });

  const finish = async () => {
    await submitApplication(credentials(), application());
    navigate(paths.auth.getHref(), { state: { notice: APPLICATION_SUBMITTED_MESSAGE } });
  };

  const failWith = (error: unknown) => {
    const failure = describeAuthError(error);
    setFormError(failure.kind === 'message' ? failure.message : SUBMIT_FAILED);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming) return confirm();
    const found = stepErrors(3, values);
    setErrors(found);
    setFormError(firstError(found));
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { needsConfirmation } = await createSellerAccount(credentials());
      if (needsConfirmation) setConfirming(true);
      else await finish();
    } catch (error) {
      failWith(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    const checked = confirmationCodeSchema.safeParse(code);
    if (!checked.success) {
      setFormError(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setFormError(undefined);
    try {
      await confirmSellerAccount(values.email.trim(), checked.data);
      await finish();
    } catch (error) {
      failWith(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <Card.Root variant="elevated">
        <Card.Body gap="6" p={{ base: '6', md: '8' }}>
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl">
              Become a Seller
            </Heading>
            <Text color="fg.muted">
              Sell your MVP templates. You keep 70% of the commission pool.
            </Text>
          </Stack>
          <Steps.Root step={step} count={SELLER_APPLICATION_STEPS.length} size="sm">
            <Steps.List>
              {SELLER_APPLICATION_STEPS.map((title, index) => (
                <Steps.Item key={title} index={index} title={title}>
                  <Steps.Indicator />
                  <Steps.Title>{title}</Steps.Title>
                  <Steps.Separator />
                </Steps.Item>
              ))}
            </Steps.List>
          </Steps.Root>
          <form onSubmit={submit} noValidate aria-label="Seller application">
            <Stack gap="5">
              <Heading as="h2" size="lg" data-testid="wizard-step">
                {confirming ? 'Confirm your email' : SELLER_APPLICATION_STEPS[step]}
              </Heading>
              {formError && (
                <Alert.Root status="error" data-testid="wizard-error">
                  <Alert.Indicator />
                  <Alert.Title>{formError}</Alert.Title>
                </Alert.Root>
              )}
              {confirming ? (
                <Stack gap="4">
                  <Text color="fg.muted">
                    We sent a 6-digit code to {values.email.trim()}. Enter it to create your seller
                    account and submit the application.
                  </Text>
                  <TextField label="Verification Code" value={code} onChange={setCode} />
                </Stack>
              ) : step === 0 ? (
                <Stack gap="4">
                  <TextField
                    label="Email"
                    type="email"
                    value={values.email}
                    error={errors.email}
                    onChange={(v) => set('email', v)}
                  />
                  <TextField
                    label="Password"
                    type="password"
                    value={values.password}
                    error={errors.password}
                    onChange={(v) => set('password', v)}
                  />
                  <TextField
                    label="Confirm Password"
                    type="password"
                    value={values.confirmPassword}
                    error={errors.confirmPassword}
                    onChange={(v) => set('confirmPassword', v)}
                  />
                  <TextField
                    label="Full Name"
                    value={values.fullName}
                    error={errors.fullName}
                    onChange={(v) => set('fullName', v)}
                  />
                  <TextField
                    label="Company Name (optional)"
                    value={values.companyName}
                    onChange={(v) => set('companyName', v)}
                  />
                  <TextField
                    label="Website (optional)"
                    value={values.website}
                    onChange={(v) => set('website', v)}
                  />
                </Stack>
              ) : step === 1 ? (
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.yearsExperience)}>
                    <Field.Label>Years of Experience</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={values.yearsExperience}
                        onChange={(e) => set('yearsExperience', e.target.value)}
                      >
                        <option value="">Select your experience</option>
                        {YEARS_EXPERIENCE.map((years) => (
                          <option key={years} value={years}>
                            {years} years
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.yearsExperience}</Field.ErrorText>
                  </Field.Root>
                  <Box>
                    <Text fontWeight="medium" mb="2">
                      Specializations
                    </Text>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                      {SPECIALIZATIONS.map((name) => (
                        <Checkbox.Root
                          key={name}
                          size="sm"
                          checked={values.specializations.includes(name)}
                          onCheckedChange={(details) =>
                            set(
                              'specializations',
                              details.checked === true
                                ? [...values.specializations, name]
                                : values.specializations.filter((item) => item !== name),
                            )
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{name}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                    {errors.specializations && (
                      <Text color="fg.error" fontSize="sm" mt="1">
                        {errors.specializations}
                      </Text>
                    )}
                  </Box>
                  <TextField
                    label="Previous Work"
                    multiline
                    value={values.previousWork}
                    error={errors.previousWork}
                    onChange={(v) => set('previousWork', v)}
                  />
                </Stack>
              ) : step === 2 ? (
                <Stack gap="4">
                  <TextField
                    label="Portfolio Description"
                    multiline
                    value={values.portfolioDescription}
                    error={errors.portfolioDescription}
                    onChange={(v) => set('portfolioDescription', v)}
                  />
                  <TextField
                    label="Sample Projects"
                    multiline
                    value={values.sampleProjects}
                    error={errors.sampleProjects}
                    onChange={(v) => set('sampleProjects', v)}
                  />
                  <TextField
                    label="GitHub Profile (optional)"
                    value={values.githubProfile}
                    onChange={(v) => set('githubProfile', v)}
                  />
                  <TextField
                    label="LinkedIn Profile (optional)"
                    value={values.linkedinProfile}
                    onChange={(v) => set('linkedinProfile', v)}
                  />
                </Stack>
              ) : (
                <Stack gap="4">
                  <Review values={values} />
                  <Agreement
                    label="I agree to the terms of service and seller guidelines"
                    checked={values.agreeToTerms}
                    error={errors.agreeToTerms}
                    onChange={(checked) => set('agreeToTerms', checked)}
                  />
                  <Agreement
                    label="I agree to the commission structure (70% seller share, 30% platform fee, paid on the 1st of each month)"
                    checked={values.agreeToCommission}
                    error={errors.agreeToCommission}
                    onChange={(checked) => set('agreeToCommission', checked)}
                  />
                </Stack>
              )}
              <HStack justify="space-between">
                <Button
                  variant="outline"
                  onClick={back}
                  disabled={step === 0 || confirming || busy}
                >
                  Back
                </Button>
                {confirming ? (
                  <Button type="submit" colorPalette="purple" loading={busy}>
                    Confirm and Submit
                  </Button>
                ) : step < 3 ? (
                  <Button colorPalette="purple" onClick={next}>
                    Next
                  </Button>
                ) : (
                  <Button type="submit" colorPalette="purple" loading={busy}>
                    Submit Application
                  </Button>
                )}
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  multiline?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      {props.multiline ? (
        <Textarea rows={4} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <Input
          type={props.type ?? 'text'}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

function Agreement(props: {
  label: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Checkbox.Root
        checked={props.checked}
        onCheckedChange={(details) => props.onChange(details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{props.label}</Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

function Review({ values }: { values: WizardValues }) {
  const rows: [string, ReactNode][] = [
    ['Email', values.email],
    ['Full name', values.fullName],
    ['Company', values.companyName || '—'],
    ['Experience', `${values.yearsExperience} years`],
    ['Specializations', values.specializations.join(', ')],
  ];
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="4" data-testid="application-review">
      {rows.map(([label, value]) => (
        <HStack key={label} align="start">
          <Text fontWeight="medium" minW="36">
            {label}
          </Text>
          <Text color="fg.muted">{value}</Text>
        </HStack>
      ))}
    </Stack>
  );
}

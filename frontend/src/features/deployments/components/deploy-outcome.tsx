/**
 * What a deploy gives, said before and after it: how the template deploys (a site of its
 * framework, with its build command and publish folder, or a repository only, and why), shown on
 * the template page and in the deploy dialog before the buyer spends a download; and, after a
 * failed build, the end of Netlify's build log.
 */
import { Alert, Box, Code, Icon, Stack, Text } from '@chakra-ui/react';
import { LuGithub, LuGlobe } from 'react-icons/lu';
import {
  SITE_SETTINGS_MESSAGES,
  STATIC_ROOT_BUILD,
  publishPathOf,
  type SiteSettings,
} from '@contract/site-settings';

/** One line under Deploy: a site (and its framework) or a repository only. */
export function SiteSettingsNote({ settings }: { settings: SiteSettings | null | undefined }) {
  if (!settings) return null;
  return (
    <Text
      fontSize="sm"
      color="fg.muted"
      display="flex"
      alignItems="center"
      gap="1.5"
      data-testid="deploy-outcome-note"
    >
      {/* The warning colour on the icon only: as text on white it is below 4.5:1. */}
      {settings.hostable ? (
        <LuGlobe />
      ) : (
        <Icon color="fg.warning">
          <LuGithub />
        </Icon>
      )}
      {settings.hostable
        ? SITE_SETTINGS_MESSAGES.deploysAsSite(settings.framework)
        : SITE_SETTINGS_MESSAGES.repositoryOnly}
    </Text>
  );
}

/** The dialog's account of what the deploy makes, with the build settings or the reason. */
export function SiteSettingsDetail({ settings }: { settings: SiteSettings | null | undefined }) {
  if (!settings) return null;
  if (!settings.hostable) {
    return (
      <Alert.Root status="warning" size="sm" mb="4" data-testid="deploy-outcome">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{SITE_SETTINGS_MESSAGES.repositoryOnly}</Alert.Title>
          <Alert.Description>
            {SITE_SETTINGS_MESSAGES.repositoryOnlyDetail} {settings.reason}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="neutral" size="sm" mb="4" data-testid="deploy-outcome">
      <Alert.Indicator>
        <LuGlobe />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{SITE_SETTINGS_MESSAGES.deploysAsSite(settings.framework)}</Alert.Title>
        <Alert.Description>
          <Stack gap="0.5" fontSize="xs">
            {settings.build_command === STATIC_ROOT_BUILD ? (
              <Text>{SITE_SETTINGS_MESSAGES.staticRootCopy}</Text>
            ) : (
              <>
                {settings.build_command && (
                  <Text>{SITE_SETTINGS_MESSAGES.buildCommand(settings.build_command)}</Text>
                )}
                <Text>{SITE_SETTINGS_MESSAGES.publishDir(publishPathOf(settings))}</Text>
              </>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The end of a failed build's log, as Netlify wrote it (without credentials). */
export function BuildLogTail({ tail }: { tail: string | null | undefined }) {
  if (!tail) return null;
  return (
    <Box as="details" fontSize="sm" data-testid="build-log-tail">
      <Box as="summary" cursor="pointer" color="fg.muted">
        {SITE_SETTINGS_MESSAGES.buildLogTail}
      </Box>
      <Code
        display="block"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        p="3"
        mt="2"
        maxH="64"
        overflowY="auto"
        fontSize="xs"
      >
        {tail}
      </Code>
    </Box>
  );
}

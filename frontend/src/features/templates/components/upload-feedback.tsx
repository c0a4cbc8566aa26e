/** What the upload, new-version and edit pages show while and after they save. */
import { useEffect, useRef, useState } from 'react';
import { Progress, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Pause on the success message before going to the dashboard. */
const REDIRECT_DELAY_MS = 1_000;

/** The progress bar (0–100) while files go up and the API registers them; `null` hides it. */
export function UploadProgress({ value, label = true }: { value: number | null; label?: boolean }) {
  if (value === null) return null;
  const bar = (
    <Progress.Root value={Math.round(value)} colorPalette="purple" size="sm">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
  if (!label) return bar;
  return (
    <Stack gap="1" data-testid="upload-progress">
      {bar}
      <Text fontSize="sm" color="fg.muted">
        Uploading… {Math.round(value)}%
      </Text>
    </Stack>
  );
}

/** Shows the API's success message, then goes to the dashboard with it a second later. */
export function useSuccessRedirect() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const [message, setMessage] = useState<string>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    message,
    succeed: (text: string) => {
      setMessage(text);
      timer.current = window.setTimeout(
        // The message is shown there (RouteNotice in app/routes/dashboard.tsx).
        () => navigate(paths.dashboard.getHref(), { state: { notice: text } }),
        REDIRECT_DELAY_MS,
      );
    },
  };
}

/**
 * The template page's Live preview: the live version's built site in a frame, at a desktop,
 * tablet or phone width, with "Open in a new tab". The site is on the previews' own domain behind
 * a short-lived signed address (contract/design/live-previews.ts), asked again before it expires.
 *
 * The frame keeps the chosen CSS width and is scaled down with a transform when the column is
 * narrower, so a desktop layout shows as a desktop layout; the box around it reserves the scaled
 * height, measured before the first paint, so nothing moves as the frame loads. Its own chunk
 * (live-preview-slot.tsx loads it only for a template whose build made a static site).
 */
import { Box, Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import {
  PREVIEW_DEVICES,
  PREVIEW_TEXTS,
  previewScale,
  type PreviewDevice,
} from '@contract/previews';
import { useLivePreview } from '../api/get-preview';
import { PREVIEW_FRAME_HEIGHT_PX } from '../lib/preview-frame';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

/** The column's width, measured before paint and kept as it resizes. */
function useWidth<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setWidth(element.getBoundingClientRect().width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Desktop, Tablet, Phone: one pressed at a time. */
function DeviceButtons({
  device,
  onChange,
}: {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
}) {
  return (
    <HStack gap="1" role="group" aria-label={PREVIEW_TEXTS.devices} data-testid="preview-devices">
      {PREVIEW_DEVICES.map((item) => (
        <Button
          key={item.value}
          size="sm"
          variant={item.value === device ? 'solid' : 'outline'}
          aria-pressed={item.value === device}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </Button>
      ))}
    </HStack>
  );
}

export default function LivePreviewSection({ mvpId }: { mvpId: string }) {
  const query = useLivePreview(mvpId);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const { ref, width: available } = useWidth<HTMLDivElement>();
  const frameWidth = PREVIEW_DEVICES.find((item) => item.value === device)!.width;
  const scale = previewScale(frameWidth, available);
  const { data, error } = query;
  return (
    <Stack gap="3">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <DeviceButtons device={device} onChange={setDevice} />
        {data && (
          <Link
            href={data.url}
            target="_blank"
            rel="noopener noreferrer"
            fontSize="sm"
            data-testid="preview-open"
          >
            {PREVIEW_TEXTS.openInNewTab} <LuExternalLink aria-hidden="true" />
          </Link>
        )}
      </HStack>
      {data && (
        <Text fontSize="sm" color="fg.muted">
          {PREVIEW_TEXTS.intro(data.version_number)}
        </Text>
      )}
      <Box
        ref={ref}
        w="full"
        h={`${Math.round(PREVIEW_FRAME_HEIGHT_PX * scale)}px`}
        overflow="hidden"
      >
        {error ? (
          <QueryError {...failedQueryProps(query)} testId="preview-error" />
        ) : data ? (
          <iframe
            // A new address (asked again before expiry) reloads the frame with a working one.
            key={data.url}
            src={data.url}
            title={PREVIEW_TEXTS.frameTitle(data.version_number)}
            loading="lazy"
            // The preview is on another origin, so its scripts cannot reach this page's. Forms
            // may fire their submit event (a template's sign-up form handled by its script);
            // the preview's CSP (`form-action 'none'`) still lets no form post anywhere.
            sandbox="allow-scripts allow-same-origin allow-forms"
            referrerPolicy="no-referrer"
            data-testid="preview-frame"
            data-device={device}
            style={{
              display: 'block',
              margin: scale < 1 ? undefined : '0 auto',
              width: `${frameWidth}px`,
              height: `${PREVIEW_FRAME_HEIGHT_PX}px`,
              maxWidth: 'none',
              transform: scale < 1 ? `scale(${scale})` : undefined,
              transformOrigin: 'top left',
              border: '1px solid var(--chakra-colors-border)',
              borderRadius: 'var(--chakra-radii-md)',
              background: 'white',
            }}
          />
        ) : (
          <Skeleton h="full" w="full" />
        )}
      </Box>
    </Stack>
  );
}

/**
 * The Deploy button of the detail page. One-click deploy (a GitHub repository plus a Netlify site)
 * is a later feature; until then the button explains that honestly and offers the download, which
 * is what a person can do today.
 */
import { useState } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LuDownload, LuRocket } from 'react-icons/lu';

export function DeployDialog({
  onDownload,
  canDownload,
}: {
  onDownload: () => void;
  canDownload: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Dialog.Trigger asChild>
        <Button variant="outline" flex="1">
          <LuRocket /> Deploy
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>One-click deploy is coming soon</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  Soon you will be able to deploy this template in one click: we will create a
                  GitHub repository with its code and publish it as a Netlify site for you.
                </Text>
                <Text color="fg.muted">
                  Until then, download the bundle and deploy it with your own tools.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
              {canDownload && (
                <Button
                  colorPalette="purple"
                  onClick={() => {
                    setOpen(false);
                    onDownload();
                  }}
                >
                  <LuDownload /> Download instead
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

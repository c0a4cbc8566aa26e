import type { ReactNode } from 'react';
import { Button, ButtonGroup, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { isSellerRole, type Profile } from '@contract/profile';
import type { DashboardMode } from '../lib/dashboard-mode';

export interface DashboardViewProps {
  profile: Profile;
  mode: DashboardMode;
  onModeChange: (mode: DashboardMode) => void;
  buyerView: ReactNode;
  /** The seller workspace's dashboard, composed by the route. */
  sellerView: ReactNode;
}

/** `/dashboard` for a signed-in user: the view for their role, with a switch for sellers. */
export function DashboardView({
  profile,
  mode,
  onModeChange,
  buyerView,
  sellerView,
}: DashboardViewProps) {
  const name = profile.display_name ?? profile.username ?? profile.email;
  return (
    <Container maxW="6xl" py="10">
      <Stack gap="8">
        <HStack justify="space-between" wrap="wrap" gap="4">
          <Stack gap="1">
            <Heading size="2xl">Dashboard</Heading>
            <Text color="fg.muted">Welcome back, {name}</Text>
          </Stack>
          {isSellerRole(profile.role) && (
            <ButtonGroup
              size="sm"
              attached
              variant="outline"
              role="group"
              aria-label="Dashboard view"
            >
              {(['buyer', 'seller'] as const).map((option) => (
                <Button
                  key={option}
                  aria-pressed={mode === option}
                  variant={mode === option ? 'solid' : 'outline'}
                  colorPalette="purple"
                  onClick={() => onModeChange(option)}
                >
                  {option === 'buyer' ? 'Buyer view' : 'Seller view'}
                </Button>
              ))}
            </ButtonGroup>
          )}
        </HStack>
        {mode === 'seller' ? sellerView : buyerView}
      </Stack>
    </Container>
  );
}

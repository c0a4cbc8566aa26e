/** `/analytics`: the seller's own templates month by month (approved sellers only). */
import { Container } from '@chakra-ui/react';
import { RequireApprovedSeller } from '@/components/require-approved-seller';
import { SellerAnalyticsView } from '@/features/analytics';

export default function AnalyticsRoute() {
  return (
    <RequireApprovedSeller description="Analytics show the downloads, sales and earnings of your own templates.">
      <Container maxW="6xl" py={{ base: '8', md: '12' }}>
        <SellerAnalyticsView />
      </Container>
    </RequireApprovedSeller>
  );
}

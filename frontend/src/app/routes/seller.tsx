import { useParams } from 'react-router';
import { TemplateCard } from '@/features/catalog/components/template-card';
import { SellerProfileView } from '@/features/sellers/components/seller-profile-view';

export default function SellerRoute() {
  const { username = '' } = useParams();
  return (
    <SellerProfileView
      key={username}
      username={username}
      renderCard={(template) => <TemplateCard mvp={template} showSeller={false} />}
    />
  );
}

import { useParams } from 'react-router';
import { TemplateCard } from '@/features/catalog';
import { SellerProfileView } from '@/features/sellers';

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

/** `/licenses/:licenseId`: a licence certificate, public. */
import { useParams } from 'react-router';
import { LicenseCertificateView } from '@/features/licenses';

export default function LicenseRoute() {
  const { licenseId = '' } = useParams();
  return <LicenseCertificateView key={licenseId} licenseId={licenseId} />;
}

/** `/contact` and `/support`: the contact form. */
import { ContactView } from '@/features/contact';

export default function ContactRoute({ title }: { title: string }) {
  return <ContactView title={title} />;
}

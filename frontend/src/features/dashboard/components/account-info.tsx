import { Card, DataList, Heading } from '@chakra-ui/react';
import type { Profile } from '@contract/profile';
import { formatDate, ROLE_LABELS } from '../lib/format';
import { EmailText } from '@/components/email-text';

export function AccountInfo({ profile }: { profile: Profile }) {
  const rows = [
    { label: 'Email', value: <EmailText email={profile.email} /> },
    { label: 'Role', value: ROLE_LABELS[profile.role] },
    { label: 'Member since', value: formatDate(profile.created_at) },
  ];
  return (
    <Card.Root variant="outline" data-testid="account-info">
      <Card.Header>
        <Heading size="md">Account</Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          {rows.map((row) => (
            <DataList.Item key={row.label}>
              <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
              <DataList.ItemValue minW="0">{row.value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

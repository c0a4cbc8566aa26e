/**
 * The users of one filter: role (changed in place), seller approval with its action, the plan's
 * name (and the tab's plan action beside it), joined.
 */
import type { ReactNode } from 'react';
import { Badge, Button, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import { adminPlanLabel, type AdminUser } from '@contract/admin-users';
import { isSellerRole, ROLES, type Role } from '@contract/profile';
import { ROLE_LABELS, sellerApprovalAction } from '../lib/user-management';
import { TableScrollArea } from '@/components/table-scroll-area';
import { formatDate } from '@/lib/format';
import { EmailText } from '@/components/email-text';

export interface UsersTableProps {
  users: AdminUser[];
  changingRole: (user: AdminUser) => boolean;
  changingApproval: (user: AdminUser) => boolean;
  onRoleChange: (user: AdminUser, role: Role) => void;
  onApprovalChange: (user: AdminUser, approved: boolean) => void;
  /** The plan column's action (Enterprise), composed by the tab. */
  renderPlanAction?: (user: AdminUser) => ReactNode;
  /** The sign-in column's action (a lost authenticator app's reset), composed by the tab. */
  renderSignInAction?: (user: AdminUser) => ReactNode;
}

/** The seller column: approved or not, and the button that changes it (none for non-sellers). */
function SellerApprovalCell({
  user,
  changing,
  onApprovalChange,
}: {
  user: AdminUser;
  changing: boolean;
  onApprovalChange: UsersTableProps['onApprovalChange'];
}) {
  const action = sellerApprovalAction(user);
  return (
    <Table.Cell>
      <HStack gap="2">
        {action ? (
          <>
            <Badge
              colorPalette={user.is_seller_approved ? 'green' : 'yellow'}
              data-testid="seller-approval"
            >
              {user.is_seller_approved ? 'Approved' : 'Not approved'}
            </Badge>
            <Button
              size="xs"
              variant={action === 'approve' ? 'solid' : 'outline'}
              colorPalette={action === 'approve' ? 'green' : 'red'}
              loading={changing}
              onClick={() => onApprovalChange(user, action === 'approve')}
            >
              {action === 'approve' ? 'Approve seller' : 'Revoke'}
            </Button>
          </>
        ) : user.closed_at && isSellerRole(user.role) ? (
          <Badge colorPalette="gray" data-testid="seller-approval">
            Account closed
          </Badge>
        ) : (
          <Text color="fg.muted">—</Text>
        )}
      </HStack>
    </Table.Cell>
  );
}

/** The plan's name, then the tab's plan action as its own labelled control. */
function PlanCell({ user, action }: { user: AdminUser; action: ReactNode }) {
  return (
    <Table.Cell>
      <HStack gap="2" wrap="wrap">
        <Text data-testid="user-plan" color={user.plan ? undefined : 'fg.muted'}>
          {adminPlanLabel(user.plan)}
        </Text>
        {action}
      </HStack>
    </Table.Cell>
  );
}

export function UsersTable({
  users,
  changingRole,
  changingApproval,
  onRoleChange,
  onApprovalChange,
  renderPlanAction,
  renderSignInAction,
}: UsersTableProps) {
  return (
    <TableScrollArea label="Users">
      <Table.Root size="sm" aria-label="Users">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>User</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>Seller</Table.ColumnHeader>
            <Table.ColumnHeader>Plan</Table.ColumnHeader>
            {renderSignInAction && <Table.ColumnHeader>Sign-in</Table.ColumnHeader>}
            <Table.ColumnHeader>Joined</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => {
            return (
              <Table.Row key={user.id} data-testid="admin-user-row" data-email={user.email}>
                <Table.Cell>
                  <EmailText email={user.email} fontWeight="medium" maxW="64" />
                  <Text fontSize="xs" color="fg.muted">
                    {[user.display_name, user.username && `@${user.username}`]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                    {user.beta_expires_at && ' · beta'}
                    {user.closed_at && ' · closed'}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <NativeSelect.Root size="xs" width="28" disabled={changingRole(user)}>
                    <NativeSelect.Field
                      aria-label={`Role of ${user.email}`}
                      value={user.role}
                      onChange={(event) => onRoleChange(user, event.currentTarget.value as Role)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
                <SellerApprovalCell
                  user={user}
                  changing={changingApproval(user)}
                  onApprovalChange={onApprovalChange}
                />
                <PlanCell user={user} action={renderPlanAction?.(user)} />
                {renderSignInAction && <Table.Cell>{renderSignInAction(user)}</Table.Cell>}
                <Table.Cell whiteSpace="nowrap">{formatDate(user.created_at)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}

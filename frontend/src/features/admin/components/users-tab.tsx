/**
 * User management: users filtered by role and seller approval,
 * searched by e-mail or username prefix, a page at a time; change a role (Cognito groups and
 * profile together), approve or revoke a seller once confirmed. Failures show the product's texts with the API's
 * reason under them.
 */
import { useState, type FormEvent } from 'react';
import {
  Button,
  ButtonGroup,
  HStack,
  Heading,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import {
  ADMIN_USER_MESSAGES,
  ADMIN_USER_ROLE_FILTERS,
  ADMIN_USER_SEARCH_MAX,
  SELLER_APPROVAL_FILTERS,
  type AdminUser,
  type AdminUserRoleFilter,
  type SellerApprovalFilter,
} from '@contract/admin-users';
import type { Role } from '@contract/profile';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useChangeUserRole } from '../api/change-user-role';
import { useAdminUsers } from '../api/get-users';
import { useSetSellerApproval } from '../api/set-seller-approval';
import { APPROVAL_FILTER_LABELS, ROLE_FILTER_LABELS, ROLE_LABELS } from '../lib/user-management';
import { EnterprisePlanButton } from './enterprise-plan-button';
import { resetMfaAction } from './reset-mfa-button';
import { UsersTable } from './users-table';
import { LoadMore } from './load-more';

interface Outcome {
  status: 'success' | 'error';
  title: string;
  description?: string;
}

export default function UsersTab() {
  const [role, setRole] = useState<AdminUserRoleFilter>('all');
  const [approval, setApproval] = useState<SellerApprovalFilter>('all');
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState<PendingApproval | null>(null);
  const users = useAdminUsers({ role, approval, search });
  const { changeRole, setSellerApproval, updateRole, updateApproval } = useUserActions(
    setOutcome,
    () => setConfirming(null),
  );
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="5" data-testid="admin-users" aria-busy={users.isPending}>
      <Heading as="h2" size="lg">
        User Management
      </Heading>
      <UserFilters
        role={role}
        onRoleChange={setRole}
        approval={approval}
        onApprovalChange={setApproval}
        onSearch={setSearch}
      />

      {outcome && (
        <FormAlert
          status={outcome.status}
          title={outcome.title}
          description={outcome.description}
          data-testid="user-action-result"
        />
      )}

      {users.isPending ? (
        <Skeleton h="40" />
      ) : users.isError && !users.isFetchNextPageError ? (
        <QueryError
          {...failedQueryProps(users)}
          title={ADMIN_USER_MESSAGES.loadFailed}
          testId="users-load-error"
        />
      ) : (
        <Stack gap="3">
          {items.length === 0 && !users.hasNextPage ? (
            <Text color="fg.muted" py="6" data-testid="no-users">
              No users match.
            </Text>
          ) : (
            items.length > 0 && (
              <UsersTable
                users={items}
                changingRole={(user) => changeRole.isPending && changeRole.variables.id === user.id}
                changingApproval={(user) =>
                  setSellerApproval.isPending && setSellerApproval.variables.id === user.id
                }
                onRoleChange={(user, next) => void updateRole(user, next)}
                onApprovalChange={(user, approved) => setConfirming({ user, approved })}
                {...actionCells(setOutcome)}
              />
            )
          )}
          <LoadMore pages={users} failedTitle={ADMIN_USER_MESSAGES.loadFailed} />
        </Stack>
      )}
      <SellerApprovalDialog
        confirming={confirming}
        busy={setSellerApproval.isPending}
        onConfirm={() => confirming && void updateApproval(confirming.user, confirming.approved)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** The table's plan and sign-in cells, whose dialogs report to the banner above the list. */
const actionCells = (onDone: (outcome: Outcome) => void) => ({
  renderPlanAction: (user: AdminUser) => <EnterprisePlanButton user={user} onDone={onDone} />,
  renderSignInAction: resetMfaAction(onDone),
});

/** The approval change waiting for the admin's confirmation. */
type PendingApproval = { user: AdminUser; approved: boolean };

/** Role, seller approval and the search (applied when submitted). */
function UserFilters(props: {
  role: AdminUserRoleFilter;
  onRoleChange: (role: AdminUserRoleFilter) => void;
  approval: SellerApprovalFilter;
  onApprovalChange: (approval: SellerApprovalFilter) => void;
  onSearch: (search: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(typed.trim());
  };
  return (
    <HStack wrap="wrap" gap="3" justify="space-between">
      <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Role">
        {ADMIN_USER_ROLE_FILTERS.map((option) => (
          <Button
            key={option}
            aria-pressed={props.role === option}
            variant={props.role === option ? 'solid' : 'outline'}
            colorPalette="purple"
            onClick={() => props.onRoleChange(option)}
          >
            {ROLE_FILTER_LABELS[option]}
          </Button>
        ))}
      </ButtonGroup>
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root size="sm" width="44">
          <NativeSelect.Field
            aria-label="Seller approval"
            value={props.approval}
            onChange={(event) =>
              props.onApprovalChange(event.currentTarget.value as SellerApprovalFilter)
            }
          >
            {SELLER_APPROVAL_FILTERS.map((option) => (
              <option key={option} value={option}>
                {APPROVAL_FILTER_LABELS[option]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <form onSubmit={submitSearch} role="search" aria-label="Search users">
          <HStack gap="2">
            <Input
              size="sm"
              width="56"
              placeholder="E-mail or username"
              aria-label="Search by e-mail or username"
              maxLength={ADMIN_USER_SEARCH_MAX}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" size="sm" variant="outline" colorPalette="purple">
              <LuSearch /> Search
            </Button>
          </HStack>
        </form>
      </HStack>
    </HStack>
  );
}

/** Asks before approving or revoking a seller; open while `confirming` is set. */
function SellerApprovalDialog(props: {
  confirming: PendingApproval | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { confirming } = props;
  return (
    <ConfirmDialog
      open={confirming !== null}
      title={
        confirming?.approved
          ? `Approve ${confirming.user.email} as a seller?`
          : `Revoke ${confirming?.user.email ?? 'this user'}'s seller approval?`
      }
      confirmLabel={confirming?.approved ? 'Approve seller' : 'Revoke'}
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="seller-approval-dialog"
    >
      <Text>
        {confirming?.approved
          ? 'They can upload and sell templates at once; a pending seller application is approved with it, and they are told.'
          : 'They can no longer upload or manage templates until approved again.'}
      </Text>
    </ConfirmDialog>
  );
}

/** Role and approval changes, each reported as the outcome above the list. */
function useUserActions(
  setOutcome: (outcome: Outcome | null) => void,
  onApprovalStarted: () => void,
) {
  const changeRole = useChangeUserRole();
  const setSellerApproval = useSetSellerApproval();

  const updateRole = async (user: AdminUser, next: Role) => {
    setOutcome(null);
    try {
      const updated = await changeRole.mutateAsync({ id: user.id, role: next });
      setOutcome({
        status: 'success',
        title: `${updated.email} is now ${ROLE_LABELS[updated.role].toLowerCase()}.`,
      });
    } catch (error) {
      setOutcome({
        status: 'error',
        title: ADMIN_USER_MESSAGES.roleFailed,
        description: errorMessage(error),
      });
    }
  };

  const updateApproval = async (user: AdminUser, approved: boolean) => {
    setOutcome(null);
    onApprovalStarted();
    try {
      const updated = await setSellerApproval.mutateAsync({ id: user.id, approved });
      setOutcome({
        status: 'success',
        title: `${updated.email} is ${updated.is_seller_approved ? 'an approved seller' : 'no longer an approved seller'}.`,
      });
    } catch (error) {
      setOutcome({
        status: 'error',
        title: ADMIN_USER_MESSAGES.approvalFailed,
        description: errorMessage(error),
      });
    }
  };

  return { changeRole, setSellerApproval, updateRole, updateApproval };
}

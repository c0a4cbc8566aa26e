/**
 * The Newsletter tab's Types: the types with their active flag, a form
 * to create one (the name is required, in the product's words, from the shared schema), inline edit,
 * and delete after a confirmation. `site_updates` feeds the settings toggle and cannot be deleted.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  HStack,
  Heading,
  Input,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import {
  NEWSLETTER_TYPE_PROTECTED_MESSAGE,
  newsletterTypeCreateSchema,
  newsletterTypeUpdateSchema,
  type AdminNewsletterType,
} from '@contract/admin-newsletter';
import { SITE_UPDATES_NEWSLETTER_ID } from '@contract/newsletter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useCreateNewsletterType } from '../api/create-newsletter-type';
import { useDeleteNewsletterType } from '../api/delete-newsletter-type';
import { useNewsletterTypes } from '../api/get-newsletter-types';
import { useUpdateNewsletterType } from '../api/update-newsletter-type';
import { LoadFailed } from './newsletter-load-failed';
import { TableScrollArea } from '@/components/table-scroll-area';
import { formatDate } from '@/lib/format';

interface TypeValues {
  name: string;
  description: string;
  is_active: boolean;
}

const EMPTY_TYPE: TypeValues = { name: '', description: '', is_active: true };

/** The types, one row each; the row being edited (at most one) is a form. */
function TypesTable(props: {
  items: AdminNewsletterType[];
  editing: string | null;
  onEdit: (type: AdminNewsletterType) => void;
  onEditDone: () => void;
  onDelete: (type: AdminNewsletterType) => void;
}) {
  return (
    <TableScrollArea label="Newsletter types">
      <Table.Root size="sm" aria-label="Newsletter types">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Updated</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.items.map((type) =>
            props.editing === type.id ? (
              <EditTypeRow key={type.id} type={type} onDone={props.onEditDone} />
            ) : (
              <TypeRow
                key={type.id}
                type={type}
                onEdit={() => props.onEdit(type)}
                onDelete={() => props.onDelete(type)}
              />
            ),
          )}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}

export function NewsletterTypesPanel() {
  const types = useNewsletterTypes();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminNewsletterType | null>(null);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; title: string } | null>(
    null,
  );
  const remove = useDeleteNewsletterType();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setOutcome({ status: 'success', title: `“${deleting.name}” was deleted.` });
    } catch (error) {
      setOutcome({ status: 'error', title: errorMessage(error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack gap="6" data-testid="newsletter-types">
      <CreateTypeForm
        onCreated={(type) =>
          setOutcome({ status: 'success', title: `“${type.name}” was created.` })
        }
      />
      {outcome && (
        <FormAlert
          status={outcome.status}
          title={outcome.title}
          data-testid="newsletter-type-result"
        />
      )}
      {types.isPending ? (
        <Skeleton h="32" />
      ) : types.isError ? (
        <LoadFailed query={types} />
      ) : types.data.items.length === 0 ? (
        <Text color="fg.muted">No newsletter types yet.</Text>
      ) : (
        <TypesTable
          items={types.data.items}
          editing={editing}
          onEdit={(type) => {
            setOutcome(null);
            setEditing(type.id);
          }}
          onEditDone={() => setEditing(null)}
          onDelete={(type) => {
            setOutcome(null);
            setDeleting(type);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete newsletter type?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testId="delete-newsletter-type-dialog"
      >
        <Text>
          “{deleting?.name}” will be deleted. Its subscriptions are kept but no longer shown, and
          this cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function TypeRow({
  type,
  onEdit,
  onDelete,
}: {
  type: AdminNewsletterType;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const isProtected = type.id === SITE_UPDATES_NEWSLETTER_ID;
  return (
    <Table.Row data-testid="newsletter-type-row" data-name={type.name}>
      <Table.Cell fontWeight="medium">{type.name}</Table.Cell>
      <Table.Cell color="fg.muted" maxW="sm" whiteSpace="normal">
        {type.description ?? '—'}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={type.is_active ? 'green' : 'gray'}>
          {type.is_active ? 'Active' : 'Inactive'}
        </Badge>
      </Table.Cell>
      <Table.Cell>{formatDate(type.updated_at)}</Table.Cell>
      <Table.Cell>
        <Stack gap="1" align="flex-end">
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={isProtected}
              aria-describedby={isProtected ? `protected-${type.id}` : undefined}
              onClick={onDelete}
            >
              Delete
            </Button>
          </HStack>
          {isProtected && (
            <Text
              id={`protected-${type.id}`}
              fontSize="xs"
              color="fg.muted"
              maxW="56"
              whiteSpace="normal"
              textAlign="end"
            >
              {NEWSLETTER_TYPE_PROTECTED_MESSAGE}
            </Text>
          )}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

function ActiveSwitch({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <Switch.Root
      colorPalette="purple"
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
    >
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
      <Switch.Label>{checked ? 'Active' : 'Inactive'}</Switch.Label>
    </Switch.Root>
  );
}

function CreateTypeForm({ onCreated }: { onCreated: (type: AdminNewsletterType) => void }) {
  const create = useCreateNewsletterType();
  const form = useZodForm(newsletterTypeCreateSchema, EMPTY_TYPE);
  const submit = useFormSubmit(form, {
    onValid: async (values) => {
      const created = await create.mutateAsync(values);
      form.reset(EMPTY_TYPE);
      onCreated(created);
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Create newsletter type">
      <Stack gap="3" borderWidth="1px" rounded="md" p="4">
        <Heading as="h3" size="sm">
          New newsletter type
        </Heading>
        {submit.failure && (
          <FormAlert
            status="error"
            size="sm"
            title={submit.failure}
            data-testid="create-type-error"
          />
        )}
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }}>
          <FormField label="Name" markRequired error={errors.name?.message} flex="1">
            <Input size="sm" {...form.register('name')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message} flex="2">
            <Input size="sm" {...form.register('description')} />
          </FormField>
          <FormField label="Status" width="auto">
            <Controller
              control={form.control}
              name="is_active"
              render={({ field }) => (
                <ActiveSwitch checked={field.value} onChange={field.onChange} label="Active" />
              )}
            />
          </FormField>
        </Stack>
        <Button
          type="submit"
          size="sm"
          colorPalette="purple"
          alignSelf="flex-end"
          loading={submit.busy}
        >
          Create type
        </Button>
      </Stack>
    </form>
  );
}

function EditTypeRow({ type, onDone }: { type: AdminNewsletterType; onDone: () => void }) {
  const update = useUpdateNewsletterType();
  const form = useZodForm(newsletterTypeUpdateSchema, {
    name: type.name,
    description: type.description ?? '',
    is_active: type.is_active,
  });
  const submit = useFormSubmit(form, {
    onValid: async (values) => {
      await update.mutateAsync({ id: type.id, ...values });
      onDone();
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });
  const { errors } = form.formState;
  const formId = `edit-type-${type.id}`;

  return (
    <Table.Row data-testid="newsletter-type-edit-row">
      <Table.Cell verticalAlign="top">
        <form id={formId} onSubmit={submit.onSubmit} noValidate aria-label={`Edit ${type.name}`} />
        <FormField error={errors.name?.message}>
          <Input size="sm" form={formId} aria-label="Name" {...form.register('name')} />
        </FormField>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <FormField error={errors.description?.message}>
          <Input
            size="sm"
            form={formId}
            aria-label="Description"
            {...form.register('description')}
          />
        </FormField>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <ActiveSwitch checked={field.value} onChange={field.onChange} label="Active" />
          )}
        />
      </Table.Cell>
      <Table.Cell verticalAlign="top">{formatDate(type.updated_at)}</Table.Cell>
      <Table.Cell verticalAlign="top">
        <Stack gap="1" align="flex-end">
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" onClick={onDone} disabled={submit.busy}>
              Cancel
            </Button>
            <Button
              size="xs"
              type="submit"
              form={formId}
              colorPalette="purple"
              loading={submit.busy}
            >
              Save
            </Button>
          </HStack>
          {submit.failure && (
            <Text fontSize="xs" color="fg.error" data-testid="edit-type-error">
              {submit.failure}
            </Text>
          )}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

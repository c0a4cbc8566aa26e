/** One template in the review queue: what it is, who sells it, why it failed, and the decision. */
import { Alert, Badge, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { PendingTemplate } from '@contract/admin-templates';
import { TechTags } from '@/components/tech-tags';
import { paths } from '@/config/paths';
import {
  TEMPLATE_STATUS_LABELS,
  TEMPLATE_STATUS_PALETTE,
  canApproveTemplate,
  templateAccessLabel,
  templateSellerLabel,
} from '../lib/template-review';
import { formatDateTime } from '@/lib/format';
import { useVersionSecurityReport, VersionSecurityBox } from '@/features/security';
import { VersionBuildBox } from '@/features/builds';

/** The product's tech chips on the review card: 5, then '+N more'. */
const TECH_CHIPS = 5;

export interface PendingTemplateCardProps {
  mvp: PendingTemplate;
  approving: boolean;
  onApprove: () => void;
  /** The version has a critical vulnerability: approving needs a reason. */
  onApproveAnyway: () => void;
  onReject: () => void;
}

/** Approve (or, with a critical finding, "Approve anyway…") and Reject. */
function ReviewActions({
  mvp,
  critical,
  approving,
  onApprove,
  onApproveAnyway,
  onReject,
}: PendingTemplateCardProps & { critical: boolean }) {
  return (
    <>
      {canApproveTemplate(mvp.status) &&
        (critical ? (
          <Button
            size="sm"
            colorPalette="orange"
            loading={approving}
            onClick={onApproveAnyway}
            data-testid="approve-anyway"
          >
            Approve anyway…
          </Button>
        ) : (
          <Button size="sm" colorPalette="green" loading={approving} onClick={onApprove}>
            Approve
          </Button>
        ))}
      <Button size="sm" colorPalette="red" variant="outline" onClick={onReject}>
        Reject
      </Button>
    </>
  );
}

export function PendingTemplateCard({
  mvp,
  approving,
  onApprove,
  onApproveAnyway,
  onReject,
}: PendingTemplateCardProps) {
  const security = useVersionSecurityReport(mvp.id, mvp.version_id);
  const critical = (security.data?.counts.critical ?? 0) > 0;
  return (
    <Card.Root
      size="sm"
      variant="outline"
      data-testid="admin-mvp-row"
      data-id={mvp.id}
      data-edit-at={mvp.edit_at ?? undefined}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="3" wrap="wrap">
              <Link asChild fontWeight="semibold" colorPalette="purple">
                <RouterLink to={paths.mvpEdit.getHref(mvp.id)}>{mvp.title}</RouterLink>
              </Link>
              <Badge colorPalette={TEMPLATE_STATUS_PALETTE[mvp.status]} data-testid="mvp-status">
                {TEMPLATE_STATUS_LABELS[mvp.status]}
              </Badge>
              {mvp.edit_fields && (
                <Badge colorPalette="blue" variant="subtle" data-testid="edit-badge">
                  Edit of a live MVP: {mvp.edit_fields.join(', ').replace(/_/g, ' ')}
                </Badge>
              )}
              {mvp.live_version_number && (
                <Badge colorPalette="blue" variant="subtle" data-testid="new-version-badge">
                  New version · v{mvp.live_version_number} stays live until approved
                </Badge>
              )}
              <Text fontSize="sm" color="fg.muted">
                v{mvp.version_number} · {mvp.category} · {templateAccessLabel(mvp)}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Submitted {formatDateTime(mvp.submittedAt)}
            </Text>
          </HStack>
          <Text>{mvp.tagline}</Text>
          <Text fontSize="sm" color="fg.muted">
            Seller: {templateSellerLabel(mvp)}
          </Text>
          <TechTags techStack={mvp.tech_stack} max={TECH_CHIPS} />
          {mvp.last_processing_error && (
            <Alert.Root status="error" size="sm" data-testid="mvp-processing-error">
              <Alert.Indicator />
              <Alert.Title>{mvp.last_processing_error}</Alert.Title>
            </Alert.Root>
          )}
          {mvp.version_id && <VersionSecurityBox state={security} />}
          {mvp.version_id && <VersionBuildBox mvpId={mvp.id} />}
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end" gap="2">
        <ReviewActions
          mvp={mvp}
          critical={critical}
          approving={approving}
          onApprove={onApprove}
          onApproveAnyway={onApproveAnyway}
          onReject={onReject}
        />
      </Card.Footer>
    </Card.Root>
  );
}

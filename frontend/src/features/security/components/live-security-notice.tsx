/**
 * Beside the template page's Download and Buy buttons: when the live version has known
 * vulnerabilities, its worst severity as a badge and the count in words, linking to the page's
 * Security section, so nobody buys or deploys it without seeing them. Nothing otherwise (no
 * report, none found, not checked: the Security section says which). The same query as the
 * Security section, so the page asks once.
 */
import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';
import { SEVERITY_LABELS, worstSeverity } from '@contract/security';
import { useLiveSecurityReport } from '../api/get-security-report';
import { countsText, SEVERITY_PALETTES } from '../lib/security-text';

export function LiveSecurityNotice({ mvpId }: { mvpId: string }) {
  const { data } = useLiveSecurityReport(mvpId);
  const worst = data?.status === 'checked' ? worstSeverity(data.findings) : null;
  if (!data || !worst) return null;
  return (
    <HStack
      gap="2"
      fontSize="sm"
      flexWrap="wrap"
      data-testid="buy-panel-security-badge"
      data-severity={worst}
    >
      <Text as="span" color={`${SEVERITY_PALETTES[worst]}.fg`} aria-hidden="true">
        <LuShieldAlert />
      </Text>
      <Badge colorPalette={SEVERITY_PALETTES[worst]} variant="subtle">
        {worst === 'unknown'
          ? 'Vulnerability, severity not rated'
          : `${SEVERITY_LABELS[worst]} vulnerability`}
      </Badge>
      <Link href="#security" color="purple.fg">
        This version has {countsText(data)}. See the Security section.
      </Link>
    </HStack>
  );
}

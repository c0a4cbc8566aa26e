/**
 * A version's whole build as its seller and the admin review read it: the outcome, the figures
 * (package manager, runtime, install and build times beside the previous version's, output,
 * framework, whether it is a static site), the commands, and the end of the log in a collapsed
 * monospace block.
 */
import { Box, Code, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import {
  BUILD_MESSAGES,
  buildDetailText,
  durationText,
  packageManagerText,
  runtimeText,
  sizeText,
  type BuildReport,
  type PreviousBuild,
} from '@contract/builds';
import { formatDateTime } from '@/lib/format';
import { BuildOutcomeBadge } from './build-outcome-badge';

const FAILED_STEP_LABELS = {
  install: 'the install',
  build: 'the build command',
  output: 'the output',
};

const durationOf = (ms: number | null) => (ms === null ? null : durationText(ms));

/** `36 s (was 30 s in 1.0.0)`. */
const withPrevious = (ms: number | null, before: number | null, previous: PreviousBuild | null) => {
  const now = durationOf(ms);
  if (!now) return null;
  const then = previous?.outcome === 'built' ? durationOf(before) : null;
  return then ? `${now} (was ${then} in ${previous!.version_number})` : now;
};

function Figures({ report, previous }: { report: BuildReport; previous: PreviousBuild | null }) {
  const rows: [string, string | null][] = [
    ['Package manager', packageManagerText(report, true)],
    ['Runtime', runtimeText(report, true)],
    ['Install', withPrevious(report.install_ms, previous?.install_ms ?? null, previous)],
    ['Build', withPrevious(report.build_ms, previous?.build_ms ?? null, previous)],
    [
      'Output',
      report.output_bytes === null
        ? null
        : `${sizeText(report.output_bytes)} in ${report.output_files ?? 0} files${report.output_dir ? `, ${report.output_dir}/` : ''}`,
    ],
    ['Framework', report.framework],
    [
      'Static site',
      report.outcome === 'built'
        ? report.static_site
          ? (report.preview_note ?? 'Yes: it has an index.html to preview')
          : 'No: a server or a library'
        : null,
    ],
    ['Failed at', report.failed_step ? FAILED_STEP_LABELS[report.failed_step] : null],
    [
      'Commands',
      [report.install_command, report.build_command].filter(Boolean).join(' then ') || null,
    ],
    ['Finished', report.finished_at ? formatDateTime(report.finished_at) : null],
  ];
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (shown.length === 0) return null;
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="build-figures">
      {shown.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function LogTail({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Box as="details" fontSize="sm" data-testid="build-log">
      <Box as="summary" cursor="pointer" color="fg.muted">
        The end of the log ({lines.length} {lines.length === 1 ? 'line' : 'lines'})
      </Box>
      <Code
        display="block"
        whiteSpace="pre"
        overflowX="auto"
        p="3"
        mt="2"
        maxH="80"
        overflowY="auto"
        fontSize="xs"
        fontFamily="mono"
        colorPalette="gray"
        data-testid="build-log-lines"
      >
        {lines.join('\n')}
      </Code>
    </Box>
  );
}

export interface BuildReportViewProps {
  report: BuildReport | null;
  previous: PreviousBuild | null;
  versionNumber: string;
  /** Said when the version has no build yet. */
  notBuiltText?: string;
}

export function BuildReportView({
  report,
  previous,
  versionNumber,
  notBuiltText = BUILD_MESSAGES.notBuiltYet,
}: BuildReportViewProps) {
  return (
    <Stack gap="3" data-testid="build-report">
      <HStack gap="2" flexWrap="wrap">
        <BuildOutcomeBadge outcome={report?.outcome ?? null} />
        <Text as="span" fontSize="sm" color="fg.muted">
          Version {versionNumber}
        </Text>
      </HStack>
      <Text fontSize="sm" data-testid="build-summary">
        {report ? buildDetailText(report, previous) : notBuiltText}
      </Text>
      {report && <Figures report={report} previous={previous} />}
      {report && <LogTail lines={report.log_tail} />}
    </Stack>
  );
}

import { Badge, List, Stack, Table, Text, Title } from '@mantine/core';
import { describeSchedule, toMonitorSchedule } from '@portal/domain';
import type { MissingReport, MonitorRun, MonitorRunsReply } from '@portal/domain/api/report-monitor-runs';
import { easternWallClock } from '@portal/domain/time/eastern-time';
import { formatUsDate } from '@portal/domain/time/iso-date';
import { Fragment } from 'react';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ScrollRegion } from '../../components/ScrollRegion.js';

// The Last checks panel of /admin/report-alerts: the latest 10:00 ET report monitor checks, read
// from GET /api/report-monitors/runs.

export const MONITOR_RUNS_PATH = '/api/report-monitors/runs?limit=10';

export type { MissingReport, MonitorRun };

/** '10:02 AM ET' for an instant, in New York time like the schedule itself. */
export function easternTimeOfDay(iso: string): string {
  const { hour, minute } = easternWallClock(new Date(iso));
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'} ET`;
}

function frequencyOf(report: MissingReport): string {
  const schedule = toMonitorSchedule(report);
  return schedule ? describeSchedule(schedule) : report.frequencyTypeCode;
}

function MissingList({ missing }: { missing: MissingReport[] }) {
  return (
    <List size="sm" spacing={2}>
      {missing.map((report) => (
        <List.Item key={report.reportMonitorId}>
          {report.partnerName} ({report.accessTypeCode} {report.partnerCode}), {report.categoryName},{' '}
          {frequencyOf(report)}:{' '}
          {report.emailed ? (
            `emailed ${report.recipients.join(', ')}`
          ) : (
            <Text span c="red" size="sm">
              nobody told (the category has no owners)
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

export function LastChecks() {
  const { data } = useApi<MonitorRunsReply>(MONITOR_RUNS_PATH);
  return (
    <Stack gap="xs" mt="xl">
      <Title order={3}>Last checks</Title>
      <Text size="sm" c="dimmed">
        On every business day at 10:00 AM Eastern Time, the owners of a report category are emailed about each
        due report that has not been uploaded.
      </Text>
      {data === undefined ? (
        <CenteredLoader />
      ) : data.runs.length === 0 ? (
        <Text>No check has run yet.</Text>
      ) : (
        // The missing reports span the row under each check: a table on a phone too, scrolling in its region.
        <ScrollRegion label="Last checks">
          <Table striped aria-label="Last checks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Ran at</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Missing</Table.Th>
                <Table.Th>Emails</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.runs.map((run) => (
                <Fragment key={run.checkDate}>
                  <Table.Tr>
                    <Table.Td>{formatUsDate(run.checkDate)}</Table.Td>
                    <Table.Td>
                      {easternTimeOfDay(run.startedAt)}{' '}
                      {run.late && (
                        <Badge color="orange" variant="light" size="sm">
                          Late
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{run.dueCount}</Table.Td>
                    <Table.Td>{run.missingCount}</Table.Td>
                    <Table.Td>{run.emailedCount}</Table.Td>
                  </Table.Tr>
                  {run.missing.length > 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <MissingList missing={run.missing} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

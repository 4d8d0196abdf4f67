import { Alert, Button, Group, ScrollArea, Table, Tabs, Text } from '@mantine/core';
import type { PreviewReply, Report } from '@portal/domain/api/reports';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../api/api.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { LazyModal } from '../../components/LazyModal.js';
import { reportPaths } from './reports-api.js';

type ReportPreviewModalProps = {
  report: Report | null;
  onClose: () => void;
  onDownload: (report: Report) => void;
  downloading: boolean;
};

/** SPEC.md §2: View opens a modal with worksheet tabs and a Download button. Cells are text only. */
export function ReportPreviewModal({ report, onClose, onDownload, downloading }: ReportPreviewModalProps) {
  const [preview, setPreview] = useState<PreviewReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setPreview(null);
    setProblem(null);
    if (!report) return;
    const controller = new AbortController();
    api
      .get<PreviewReply>(reportPaths.view(report.id), { signal: controller.signal })
      .then(setPreview)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setProblem(error instanceof ApiError ? error.message : 'The preview could not be loaded.');
      });
    return () => controller.abort();
  }, [report]);

  const [first] = preview?.worksheets ?? [];
  return (
    <LazyModal opened={report !== null} onClose={onClose} title={report?.fileName} size="90%" centered>
      {problem && <Alert color="red">{problem}</Alert>}
      {!problem && !preview && <CenteredLoader />}
      {preview && first && (
        <Tabs defaultValue={first.name} keepMounted={false}>
          <Tabs.List>
            {preview.worksheets.map((sheet) => (
              <Tabs.Tab key={sheet.name} value={sheet.name}>
                {sheet.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {preview.worksheets.map((sheet) => (
            <Tabs.Panel key={sheet.name} value={sheet.name} pt="sm">
              {/* The scrolled cells are reachable by keyboard (arrows scroll once it has focus). */}
              <ScrollArea
                h={420}
                viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `Cells of ${sheet.name}` }}
              >
                <Table withTableBorder withColumnBorders aria-label={`Worksheet ${sheet.name}`}>
                  {/* A report's first row names its columns. */}
                  <Table.Thead>
                    <Table.Tr>
                      {(sheet.rows[0] ?? []).map((cell, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                        <Table.Th key={c} scope="col">
                          {cell}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {sheet.rows.slice(1).map((row, r) => (
                      // Rows have no identity but their position; they never reorder.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <Table.Tr key={r}>
                        {row.map((cell, c) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                          <Table.Td key={c}>{cell}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              {sheet.truncated && (
                <Text size="sm" c="dimmed" mt="xs">
                  Only the first part of this worksheet is shown. Download the file to see all of it.
                </Text>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={() => report && onDownload(report)} loading={downloading}>
          Download
        </Button>
      </Group>
    </LazyModal>
  );
}

// On demand, not in CI: what OpenTelemetry tracing costs. Runs the tracking bench (activity.ts) and
// the reports list (reports.ts --only list) twice each in one run, tracing off then on: on, the API
// and the worker export every span (http/protobuf, sampled always) to a real OTLP/HTTP receiver on
// this machine, which answers as a collector does and counts what it got.
//   npx tsx scripts/bench/tracing.ts [--rate 100] [--duration 10] [--total 20000] [--list-duration 5]
//     [--only tracking|list] [--profile <folder>]
// Tracking: CPU ms of the API and the worker processes per 1,000 stored events (a fixed rate, so
// throughput would hide the cost; the processes alone, since the machine's total counts whatever
// else runs on it). Reports list: requests/s as a ratio to the floor server measured in the same process
// run (the load of the machine moves both alike). Goal: on at most 10% worse than off.
import { parseArgs } from 'node:util';
import { startOtlpReceiver } from '@portal/testing/otlp-receiver';
import { runBench } from './bench-table.js';

type Activity = {
  apiCpuMsPerThousand: number | null;
  workerCpuMsPerThousand: number | null;
  answerP99: number;
  eventsPerSecond: number;
  failed: number;
};
/** CPU ms the API and the worker spent per 1,000 stored events: where spans are made and exported. */
const portalCpu = (r: Activity) =>
  r.apiCpuMsPerThousand === null || r.workerCpuMsPerThousand === null
    ? null
    : r.apiCpuMsPerThousand + r.workerCpuMsPerThousand;
type ReportsList = { list: { rps: number; p99: number; ratio: number; floorRps: number } };

async function main() {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '100' },
      duration: { type: 'string', default: '10' },
      warm: { type: 'string', default: '5' },
      total: { type: 'string', default: '20000' },
      'in-category': { type: 'string', default: '5000' },
      'list-duration': { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      /** tracking or list: one of the two (both by default). */
      only: { type: 'string' },
      /** A folder: the list's API, tracing on, runs with node --cpu-prof and writes its profile there. */
      profile: { type: 'string' },
    },
  });
  const runTracking = values.only !== 'list';
  const runList = values.only !== 'tracking';
  const receiver = await startOtlpReceiver();
  const on = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' };
  const off = { OTEL_EXPORTER_OTLP_ENDPOINT: '' };
  const activityArgs = ['--rate', values.rate, '--duration', values.duration, '--warm', values.warm];
  const listArgs = [
    '--only',
    'list',
    '--total',
    values.total,
    '--in-category',
    values['in-category'],
    '--duration',
    values['list-duration'],
    '--warm',
    values.warm,
    '--rounds',
    values.rounds,
  ];
  try {
    const activityOff = runTracking ? ((await runBench('activity.ts', activityArgs, off)) as Activity) : null;
    const activityOn = runTracking ? ((await runBench('activity.ts', activityArgs, on)) as Activity) : null;
    const activitySpans = { requests: receiver.requests, bytes: receiver.bytes };
    const listOff = runList ? ((await runBench('reports.ts', listArgs, off)) as ReportsList) : null;
    const profile = values.profile ? ['--profile', values.profile] : [];
    const listOn = runList
      ? ((await runBench('reports.ts', [...listArgs, ...profile], on)) as ReportsList)
      : null;
    const cost = (offValue: number, onValue: number) => onValue / offValue;
    const result = {
      activity: activityOff &&
        activityOn && {
          rate: Number(values.rate),
          off: activityOff,
          on: activityOn,
          // CPU a stored event costs, on over off: 1.10 is 10% more.
          cpuRatio:
            portalCpu(activityOff) && portalCpu(activityOn)
              ? cost(portalCpu(activityOff) as number, portalCpu(activityOn) as number)
              : null,
          exportRequests: activitySpans.requests,
          exportBytes: activitySpans.bytes,
        },
      reportsList: listOff &&
        listOn && {
          total: Number(values.total),
          off: listOff.list,
          on: listOn.list,
          // Requests/s against the same run's floor, off over on: 1.10 is 10% slower.
          slowdown: cost(listOn.list.ratio, listOff.list.ratio),
          exportRequests: receiver.requests - activitySpans.requests,
          exportBytes: receiver.bytes - activitySpans.bytes,
        },
    };
    console.log(
      `tracking: ${result.activity?.cpuRatio?.toFixed(3) ?? '-'} x the CPU a stored event with tracing; reports list: ${result.reportsList?.slowdown.toFixed(3) ?? '-'} x slower`,
    );
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await receiver.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

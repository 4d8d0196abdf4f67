import type { CategoryCode } from './catalog.js';
import { addDays } from './dates.js';
import type { Random } from './random.js';
import type { Cell, Column, Sheet } from './sheets.js';

// Plausible card-issuing report contents for each report category.

export type ContentInput = {
  categoryCode: CategoryCode;
  partnerName: string;
  reportDate: string;
  /** How many days the file covers: 1 for daily, 7 for weekly, the previous month for monthly. */
  periodDays: number;
  twoSheets: boolean;
  random: Random;
};

const CITIES = [
  'Westbury, NY',
  'Bentonville, AR',
  'Dallas, TX',
  'Columbus, OH',
  'Marlborough, MA',
  'Orlando, FL',
  'Phoenix, AZ',
  'Denver, CO',
  'Charlotte, NC',
  'San Jose, CA',
  'Naperville, IL',
  'Nashville, TN',
];
const STATES = ['NY', 'NJ', 'TX', 'FL', 'CA', 'OH', 'MA', 'IL', 'GA', 'NC', 'AZ', 'CO'];
const CARD_BRANDS = ['Private Label', 'Co-Brand Visa', 'Co-Brand Mastercard'];
const CATEGORIES = [
  '5300 Wholesale Clubs',
  '5411 Grocery Stores',
  '5712 Home Furnishings',
  '5732 Electronics',
  '5977 Cosmetics',
];
const CHARGEBACK_REASONS = [
  'No cardholder authorization',
  'Fraudulent processing of transactions',
  'Cardholder does not recognize potential fraud',
  'Chip liability shift',
  'Authorization-related chargeback',
  'Point of interaction error',
  'Transaction amount differs',
  'Late presentment',
  'Installment billing dispute',
];

const col = (header: string, kind: Column['kind'] = 'text', width?: number): Column =>
  width ? { header, kind, width } : { header, kind };

function maskedAccount(random: Random): string {
  return `XXXX-XXXX-XXXX-${random.digits(4)}`;
}

function merchant(input: ContentInput): { store: string; name: string } {
  const store = String(input.random.int(1, 240)).padStart(4, '0');
  return { store, name: `${input.partnerName} #${store} ${input.random.pick(CITIES)}` };
}

function weighted<T>(random: Random, choices: Array<[T, number]>): T {
  let roll = random.next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices.at(-1) as [T, number])[0];
}

const round = (value: number) => Math.round(value * 100) / 100;

function transactions(input: ContentInput): Sheet {
  const { random, reportDate } = input;
  const rows: Cell[][] = Array.from({ length: random.int(20, 200) }, () => {
    const type = weighted(random, [
      ['Purchase', 80],
      ['Return', 12],
      ['Payment', 8],
    ]);
    const amount = type === 'Purchase' ? random.amount(4, 650) : -random.amount(5, 400);
    return [
      addDays(reportDate, -random.int(0, input.periodDays)),
      reportDate,
      maskedAccount(random),
      type === 'Payment' ? 'Payment - Thank You' : merchant(input).name,
      type === 'Payment' ? '' : random.pick(CATEGORIES),
      random.digits(6),
      type,
      amount,
      weighted(random, [
        ['Posted', 85],
        ['Pending', 8],
        ['Declined', 4],
        ['Reversed', 3],
      ]),
    ];
  });
  const columns = [
    col('Transaction Date', 'date'),
    col('Posting Date', 'date'),
    col('Account Number', 'text', 22),
    col('Merchant', 'text', 44),
    col('Merchant Category', 'text', 24),
    col('Authorization Code'),
    col('Transaction Type'),
    col('Amount (USD)', 'usd', 14),
    col('Status'),
  ];
  return { name: 'Transactions', columns, rows };
}

function settlement(input: ContentInput): Sheet[] {
  const { random, reportDate } = input;
  const detail: Cell[][] = Array.from({ length: random.int(20, 200) }, (_, i) => {
    const { store, name } = merchant(input);
    const count = random.int(8, 900);
    const gross = round(count * random.amount(18, 140));
    const returns = round(gross * random.next() * 0.06);
    const fees = round((gross - returns) * random.amount(0.012, 0.024));
    return [
      reportDate,
      `B${reportDate.replaceAll('-', '')}${String(i + 1).padStart(4, '0')}`,
      store,
      name,
      random.pick(CARD_BRANDS),
      count,
      gross,
      returns,
      fees,
      round(gross - returns - fees),
      weighted(random, [
        ['Settled', 94],
        ['Pending', 4],
        ['Held', 2],
      ]),
    ];
  });
  const detailSheet: Sheet = {
    name: 'Detail',
    columns: [
      col('Settlement Date', 'date'),
      col('Batch ID', 'text', 18),
      col('Store Number'),
      col('Merchant', 'text', 44),
      col('Card Brand', 'text', 20),
      col('Transaction Count', 'count'),
      col('Gross Sales (USD)', 'usd', 16),
      col('Returns (USD)', 'usd', 14),
      col('Interchange Fees (USD)', 'usd', 16),
      col('Net Settlement (USD)', 'usd', 18),
      col('Status'),
    ],
    rows: detail,
  };
  if (!input.twoSheets) return [detailSheet];
  const summary = CARD_BRANDS.map((brand) => {
    const mine = detail.filter((row) => row[4] === brand);
    const sum = (index: number) => round(mine.reduce((total, row) => total + Number(row[index]), 0));
    return [reportDate, brand, sum(5), sum(6), sum(7), sum(8), sum(9)];
  });
  const summarySheet: Sheet = {
    name: 'Summary',
    columns: [
      col('Settlement Date', 'date'),
      col('Card Brand', 'text', 20),
      col('Transaction Count', 'count'),
      col('Gross Sales (USD)', 'usd', 16),
      col('Returns (USD)', 'usd', 14),
      col('Interchange Fees (USD)', 'usd', 16),
      col('Net Settlement (USD)', 'usd', 18),
    ],
    rows: summary,
  };
  return [summarySheet, detailSheet];
}

function chargebacks(input: ContentInput): Sheet {
  const { random, reportDate } = input;
  const rows: Cell[][] = Array.from({ length: random.int(20, 200) }, () => [
    `CB${random.digits(8)}`,
    addDays(reportDate, -random.int(7, 60)),
    maskedAccount(random),
    merchant(input).name,
    random.pick(CHARGEBACK_REASONS),
    random.amount(9, 1800),
    weighted(random, [
      ['Open', 45],
      ['Pending Documentation', 25],
      ['Won', 18],
      ['Lost', 12],
    ]),
    addDays(reportDate, random.int(10, 45)),
  ]);
  const columns = [
    col('Case Number', 'text', 14),
    col('Transaction Date', 'date'),
    col('Account Number', 'text', 22),
    col('Merchant', 'text', 44),
    col('Reason', 'text', 40),
    col('Amount (USD)', 'usd', 14),
    col('Status', 'text', 22),
    col('Response Due Date', 'date'),
  ];
  return { name: 'Chargebacks', columns, rows };
}

function statements(input: ContentInput): Sheet[] {
  const { random, reportDate } = input;
  const periodEnd = addDays(reportDate, -1);
  const periodStart = `${periodEnd.slice(0, 7)}-01`;
  const period = `${periodStart.slice(5, 7)}/${periodStart.slice(0, 4)}`;
  const lines: Cell[][] = Array.from({ length: random.int(20, 200) }, () => {
    const payment = random.chance(0.15);
    return [
      addDays(periodStart, random.int(0, input.periodDays - 1)),
      maskedAccount(random),
      payment ? 'Payment - Thank You' : merchant(input).name,
      payment ? 'Payment' : random.pick(['Purchase', 'Purchase', 'Purchase', 'Return', 'Fee']),
      payment ? -random.amount(25, 900) : random.amount(3, 700),
    ];
  });
  const summary: Cell[][] = CARD_BRANDS.map((brand) => {
    const opening = random.amount(150_000, 2_400_000);
    const purchases = random.amount(40_000, 900_000);
    const payments = random.amount(30_000, 850_000);
    const fees = random.amount(500, 25_000);
    return [
      period,
      brand,
      random.int(400, 25_000),
      opening,
      purchases,
      payments,
      fees,
      round(opening + purchases - payments + fees),
    ];
  });
  return [
    {
      name: 'Summary',
      columns: [
        col('Statement Period'),
        col('Card Product', 'text', 20),
        col('Accounts', 'count'),
        col('Opening Balance (USD)', 'usd', 18),
        col('Purchases (USD)', 'usd', 16),
        col('Payments (USD)', 'usd', 16),
        col('Fees and Interest (USD)', 'usd', 18),
        col('Closing Balance (USD)', 'usd', 18),
      ],
      rows: summary,
    },
    {
      name: 'Transactions',
      columns: [
        col('Transaction Date', 'date'),
        col('Account Number', 'text', 22),
        col('Merchant', 'text', 44),
        col('Description'),
        col('Amount (USD)', 'usd', 14),
      ],
      rows: lines,
    },
  ];
}

function accounts(input: ContentInput): Sheet {
  const { random, reportDate } = input;
  const rows: Cell[][] = Array.from({ length: random.int(20, 200) }, () => {
    const limit = random.int(5, 150) * 100;
    const status = weighted(random, [
      ['Active', 82],
      ['Closed', 8],
      ['Suspended', 6],
      ['Charged Off', 4],
    ]);
    const balance = status === 'Closed' ? 0 : random.amount(0, limit * 0.95);
    return [
      maskedAccount(random),
      status,
      addDays(reportDate, -random.int(30, 3650)),
      limit,
      balance,
      status === 'Active' ? round(limit - balance) : 0,
      addDays(reportDate, -random.int(0, input.periodDays + 20)),
      random.pick(STATES),
    ];
  });
  const columns = [
    col('Account Number', 'text', 22),
    col('Account Status', 'text', 14),
    col('Open Date', 'date'),
    col('Credit Limit (USD)', 'usd', 16),
    col('Current Balance (USD)', 'usd', 18),
    col('Available Credit (USD)', 'usd', 18),
    col('Last Activity Date', 'date'),
    col('Cardholder State'),
  ];
  return { name: 'Account Activity', columns, rows };
}

export function reportSheets(input: ContentInput): Sheet[] {
  switch (input.categoryCode) {
    case 'TRANSACTIONS':
      return [transactions(input)];
    case 'SETTLEMENT':
      return settlement(input);
    case 'CHARGEBACKS':
      return [chargebacks(input)];
    case 'STATEMENTS':
      return statements(input);
    case 'ACCOUNTS':
      return [accounts(input)];
    case 'INSIGHTS':
      return [];
  }
}

import { readdir, readFile, readlink } from 'node:fs/promises';

// What a process tree really listens on, read from the kernel (/proc), not from what a process says:
// a test of "loopback only" must see the sockets the children opened, whatever their logs claim.

export type ListeningSocket = { pid: number; address: string; port: number };

/** `pid` and every process below it (the kernel's children list of each of its threads). */
export async function processTree(pid: number): Promise<number[]> {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const tasks = await readdir(`/proc/${found[i]}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      const children = await readFile(`/proc/${found[i]}/task/${task}/children`, 'utf8').catch(() => '');
      for (const child of children.split(' ').filter(Boolean)) found.push(Number(child));
    }
  }
  return [...new Set(found)];
}

/** /proc/net/tcp writes each 32-bit word of an address in the host's order (little-endian here). */
function wordsToBytes(hex: string): number[] {
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8) {
    for (let byte = 6; byte >= 0; byte -= 2)
      bytes.push(Number.parseInt(hex.slice(word + byte, word + byte + 2), 16));
  }
  return bytes;
}

export function decodeAddress(hex: string): string {
  const bytes = wordsToBytes(hex);
  if (bytes.length === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  // Written out in full (0:0:0:0:0:0:0:1), then compressed as people read it (::1).
  const full = groups.join(':');
  const longest = full.match(/(?:^|:)0(?::0)+(?::|$)/g)?.sort((a, b) => b.length - a.length)[0];
  const compressed = longest ? full.replace(longest, '::') : full;
  const mapped = /^::ffff:([0-9a-f]+):([0-9a-f]+)$/.exec(compressed);
  if (!mapped) return compressed;
  const [high, low] = [Number.parseInt(mapped[1]!, 16), Number.parseInt(mapped[2]!, 16)];
  return `::ffff:${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isLoopback(address: string): boolean {
  return address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');
}

/** The TCP sockets in LISTEN state that the processes `pids` hold open. */
export async function listeningSockets(pids: number[]): Promise<ListeningSocket[]> {
  const owner = new Map<string, number>();
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) owner.set(inode, pid);
    }
  }
  const sockets: ListeningSocket[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const rows = (await readFile(table, 'utf8')).trim().split('\n').slice(1);
    for (const row of rows) {
      const [, local, , state, , , , , , inode] = row.trim().split(/\s+/);
      const pid = owner.get(inode ?? '');
      if (state !== '0A' || pid === undefined || !local) continue;
      const [address, port] = local.split(':');
      sockets.push({ pid, address: decodeAddress(address ?? ''), port: Number.parseInt(port ?? '', 16) });
    }
  }
  return sockets;
}

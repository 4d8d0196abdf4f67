import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A certificate authority made for one test run and a server certificate it signs, so that
// receivers speak real TLS and clients check the chain and the host name as in production. Made
// with the openssl CLI and P-256 keys: about 150 ms for both on a loaded 2-core machine, where
// node-forge took 440 ms for one RSA certificate and `selfsigned` 260 ms (without a CA), and no
// dependency is added. A client trusts the CA through Node's own mechanisms: NODE_EXTRA_CA_CERTS
// (`caFile`) in the environment a process starts with, or tls.setDefaultCACertificates in-process.

export type TestCertificates = {
  /** The CA's certificate (PEM): what a client trusts. */
  ca: string;
  /** The same, in a file that lives as long as the process: for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The server's certificate (PEM), signed by the CA, for `names`. */
  cert: string;
  /** The server's private key (PEM). */
  key: string;
};

const P256 = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * A fresh CA and a certificate for `names`: host names (a leading `*.` for a wildcard) and IP
 * addresses. Both are valid for two days.
 */
export function makeTestCertificates(names: readonly string[]): TestCertificates {
  if (names.length === 0) throw new Error('makeTestCertificates: name at least one host');
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-ca-'));
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  openssl([
    'req',
    '-x509',
    ...P256,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Partner portal test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl([
    'req',
    ...P256,
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    `/CN=${names[0]}`,
  ]);
  const altNames = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`));
  writeFileSync(
    file('server.ext'),
    [
      `subjectAltName=${altNames.join(',')}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-set_serial',
    String(Date.now()),
    '-out',
    file('server.pem'),
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
  ]);
  const certificates = {
    ca: readFileSync(file('ca.pem'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
  };
  // Only the CA's certificate stays on disk (a child process reads it at start); keys never do.
  rmSync(dir, { recursive: true, force: true });
  const caDir = mkdtempSync(join(tmpdir(), 'portal-test-ca-'));
  const caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, certificates.ca);
  process.once('exit', () => rmSync(caDir, { recursive: true, force: true }));
  return { ...certificates, caFile };
}

// Sign-in codes from the API's mail outbox (the folder of .eml files the embedded mailer
// writes), shared by the end-to-end journeys and the swipe trace.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The text of a raw .eml's body: quoted-printable and base64 decoded, every text part joined. */
function mailText(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    return body.split(`--${boundary}`).filter((part) => part.trim() && !part.startsWith('--')).map((part) => mailText(part.replace(/^\r?\n/, ''))).join('\n');
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The recipient of a raw .eml, from its folded headers. */
function mailRecipient(raw) {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const to = /^To:\s*(.*)$/im.exec(head)?.[1] ?? '';
  return (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
}

/**
 * The code in the newest mail to `email` in `outbox` written after `since` (ms), waiting up to
 * `timeoutMs` for it to arrive; null when none came.
 */
export async function mailedCode(page, { outbox, email, since, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .map((name) => ({ path: join(outbox, name), time: statSync(join(outbox, name)).mtimeMs }))
          .filter((mail) => mail.time >= since - 1_000)
          .sort((a, b) => b.time - a.time)
      : [];
    for (const mail of mails) {
      const raw = readFileSync(mail.path, 'utf8');
      if (mailRecipient(raw) !== email) continue;
      const code = /\b(\d{6})\b/.exec(mailText(raw))?.[1];
      if (code) return code;
    }
    await page.waitForTimeout(250);
  }
  return null;
}

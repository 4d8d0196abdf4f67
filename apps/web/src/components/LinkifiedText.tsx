import { Text, type TextProps } from '@mantine/core';
import { ExternalLink } from './ExternalLink.js';

// Text written by administrators (FAQ answers) shown as text, never as HTML; web addresses in it
// become links, and those to other hosts ask before leaving (ExternalLinkGuard).

const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]']/g;

export function LinkifiedText({ children, ...props }: TextProps & { children: string }) {
  const parts: (string | { url: string })[] = [];
  let last = 0;
  for (const match of children.matchAll(URL_PATTERN)) {
    parts.push(children.slice(last, match.index), { url: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(children.slice(last));
  return (
    <Text style={{ whiteSpace: 'pre-wrap' }} {...props}>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <ExternalLink key={index} href={part.url}>
            {part.url}
          </ExternalLink>
        ),
      )}
    </Text>
  );
}

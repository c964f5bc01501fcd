import { Typography } from "@mantine/core";
import type { ComponentProps } from "react";
import Markdown from "react-markdown";

/** A link whose target the URL filter emptied (`javascript:` and the like) is left as its text. */
function SafeLink({ href, children }: ComponentProps<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} rel="nofollow noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * A message's body, the one way the editor's preview and the user list show it: markdown rendered by
 * react-markdown with raw HTML skipped (`skipHtml`) and its default URL filter, which empties
 * `javascript:` and other unsafe link targets (such a link stays plain text). It never sets inner
 * HTML, so nothing written can run. See docs/decisions.md "Message center".
 */
export function MessageBody({ text }: { text: string }) {
  return (
    <Typography className="break-anywhere" data-testid="message-body">
      <Markdown skipHtml components={{ a: SafeLink }}>
        {text}
      </Markdown>
    </Typography>
  );
}

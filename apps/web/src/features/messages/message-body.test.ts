import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageBody } from "./message-body";

/** The one renderer of the preview and the list: whatever an admin writes stays inert (issue 22). */
const render = (text: string) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(MessageBody, { text })));

const HOSTILE = [
  "<script>window.pwned = 1</script>",
  '<img src="x" onerror="window.pwned = 1">',
  "[click](javascript:window.pwned=1)",
  '<a href="javascript:alert(1)">raw link</a>',
  '<div style="position:fixed" onclick="alert(1)">raw <b>HTML</b></div>',
  '<iframe src="https://example.com"></iframe>',
].join("\n\n");

describe("MessageBody", () => {
  const html = render(HOSTILE);

  it("creates no script, image, frame or raw HTML element from the text", () => {
    expect(html).not.toMatch(/<(script|img|iframe|b)[\s>]/i);
    // The only element not made from markdown is Typography's own wrapper.
    expect(html.match(/<div[\s>]/g)).toHaveLength(1);
  });

  it("carries no event handler attribute and no javascript: URL", () => {
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son[a-z]+=/i);
      expect(tag).not.toMatch(/javascript:/i);
    }
  });

  it("renders markdown: emphasis, lists and safe links", () => {
    const rendered = render("**bold** and [a link](https://example.com)\n\n- one\n- two");
    expect(rendered).toContain("<strong>bold</strong>");
    expect(rendered).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">a link</a>');
    expect(rendered).toMatch(/<ul>\s*<li>one<\/li>/);
  });

  it("keeps a markdown link to javascript: as text without its target", () => {
    expect(html).toContain("click");
    expect(html).not.toMatch(/<a[\s>]/i);
  });
});

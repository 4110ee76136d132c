import DOMPurify from "dompurify";
import { marked } from "marked";
import { useMemo } from "react";

/**
 * Markdown from the repository's lessons, rendered and then sanitised: even trusted content goes
 * through DOMPurify so that a lesson can never carry a script.
 */
export function Markdown({ source }: { source: string }) {
  const html = useMemo(
    () => DOMPurify.sanitize(marked.parse(source, { async: false, gfm: true }) as string),
    [source],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <div className="lesson-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

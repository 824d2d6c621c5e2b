// The text of a chat message's content, as AI SDK and LangChain messages hold it: a string, or an array of parts.

/**
 * The text of `content`: the string itself, or its string parts and `{ type: "text", text }` parts joined
 * with newlines. Tool calls, tool results, reasoning, images and files are left out.
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === "string") texts.push(part);
    else if (typeof part === "object" && part !== null) {
      const { type, text } = part as { type?: unknown; text?: unknown };
      if (type === "text" && typeof text === "string") texts.push(text);
    }
  }
  return texts.join("\n");
}

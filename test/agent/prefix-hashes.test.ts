// The one prefix hash every delivery mode keys its decisions by: what it covers, and that a stored conversation (JSON,
// a database that reorders keys, provider metadata dropped) hashes as the SDK's own messages do.
import { generateText, isStepCount, tool, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { canonicalJson, canonicalMessage, prefixHashes } from "../../src/agent/delivery/prefix-hashes.js";

/** A copy without any `providerOptions` on messages and their parts (an app that stores only the content). */
const withoutProviderOptions = (messages: readonly ModelMessage[]) =>
  messages.map(({ providerOptions: _, ...message }) => ({
    ...message,
    content: Array.isArray(message.content)
      ? message.content.map((part) => {
          const { providerOptions: __, ...rest } = part as { providerOptions?: unknown };
          return rest;
        })
      : message.content,
  })) as ModelMessage[];

/** A copy with every object's keys in reverse order (as some databases return JSON). */
const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : typeof value === "object" && value !== null
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, item]) => [key, reordered(item)]),
        )
      : value;

describe("canonicalJson", () => {
  it("reads a value as JSON.stringify does, with keys sorted", () => {
    const value = { b: [1, undefined, () => 0], a: { d: new Date(0), c: undefined }, u: new URL("https://x.dev/a") };
    expect(canonicalJson(value)).toBe('{"a":{"d":"1970-01-01T00:00:00.000Z"},"b":[1,null,null],"u":"https://x.dev/a"}');
    expect(canonicalJson(value)).toBe(canonicalJson(reordered(JSON.parse(JSON.stringify(value)))));
    expect(canonicalJson(undefined)).toBe("null");
  });
});

describe("canonicalMessage", () => {
  it("is the role and what the parts say: a string content is one text part; provider metadata and media left out", () => {
    const plain: ModelMessage = { role: "user", content: "Describe this photo" };
    const parts: ModelMessage = {
      role: "user",
      content: [{ type: "text", text: "Describe this photo", providerOptions: { openai: { itemId: "m1" } } }],
      providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } },
    };
    expect(canonicalMessage(parts)).toBe(canonicalMessage(plain));
    const photo = (image: unknown): ModelMessage =>
      ({ role: "user", content: [{ type: "image", image, mediaType: "image/png" }] }) as ModelMessage;
    const bytes = new Uint8Array([137, 80, 78, 71]);
    expect(canonicalMessage(photo(bytes))).toBe(canonicalMessage(photo("iVBORw==")));
    expect(canonicalMessage(photo(bytes))).toBe(canonicalMessage(JSON.parse(JSON.stringify(photo(bytes)))));
  });

  it("keeps a tool result's output whole: Anthropic's tool references are in its items' providerOptions", () => {
    const loaded = (toolName: string): ModelMessage => ({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "t1",
          toolName: "search_tools",
          output: { type: "content", value: [{ type: "custom", providerOptions: { anthropic: { toolName } } }] },
        },
      ],
    });
    expect(canonicalMessage(loaded("cd"))).not.toBe(canonicalMessage(loaded("mkdir")));
  });
});

describe("prefixHashes", () => {
  it("keys every prefix; each depends on every message before it", () => {
    const a: ModelMessage = { role: "user", content: "a" };
    const b: ModelMessage = { role: "assistant", content: "b" };
    const hashes = prefixHashes([a, b]);
    expect(hashes).toHaveLength(3);
    expect(new Set(hashes).size).toBe(3);
    expect(prefixHashes([a])).toEqual(hashes.slice(0, 2));
    expect(prefixHashes([b, b])[2]).not.toBe(hashes[2]);
  });

  it("gives a stored conversation (JSON, keys reordered, no providerOptions) the hashes of the SDK's own messages", async () => {
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const metadata = { openai: { itemId: "item_1" } };
    let call = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () =>
        call++ === 0
          ? {
              content: [
                { type: "reasoning" as const, text: "Look it up.", providerMetadata: metadata },
                {
                  type: "tool-call" as const,
                  toolCallId: "c1",
                  toolName: "weather",
                  input: '{"city":"Rome","days":2}',
                  providerMetadata: metadata,
                },
              ],
              finishReason: { unified: "tool-calls" as const, raw: undefined },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: "text" as const, text: "Sunny.", providerMetadata: metadata }],
              finishReason: { unified: "stop" as const, raw: undefined },
              usage,
              warnings: [],
            },
    });
    const seen: (readonly ModelMessage[])[] = [];
    const prompt: ModelMessage[] = [{ role: "user", content: "Weather in Rome?" }];
    const result = await generateText({
      model,
      messages: prompt,
      tools: {
        weather: tool({
          inputSchema: z.object({ city: z.string(), days: z.number() }),
          execute: async ({ city }) => ({ city, sky: "sunny", at: new Date(0) }),
        }),
      },
      prepareStep: ({ messages }) => void seen.push(messages),
      stopWhen: isStepCount(3),
    });
    const sdk = seen.at(-1)!;
    expect(sdk.length).toBe(3);
    const stored = reordered(
      JSON.parse(JSON.stringify(withoutProviderOptions([...prompt, ...result.responseMessages]))),
    ) as ModelMessage[];
    expect(JSON.stringify(stored.slice(0, 3))).not.toBe(JSON.stringify(sdk));
    expect(prefixHashes(stored).slice(0, 4)).toEqual(prefixHashes(sdk));
  });
});

// The selection service inside workerd when nothing fits: the select answer says why (`noMatch.reason`), as the
// library's adapters report it, and the exact-name forms work through the service too.

import { describe, expect, it } from "vitest";
import { BILLING, MESSAGING, freshId, Isolate } from "./service-harness.js";

async function published() {
  const isolate = new Isolate();
  const id = freshId();
  await isolate.put(id, [...BILLING, ...MESSAGING]);
  return { isolate, id };
}

describe("select when nothing fits", () => {
  it('no user text in the conversation: noMatch "no-user-text", no tool but the asked-for pins', async () => {
    const { isolate, id } = await published();
    const messages = [{ role: "system", content: "You are a helpful assistant." }];
    const answer = await isolate.select(id, { messages, alwaysActive: ["weather_forecast"] });
    expect(answer.status).toBe(200);
    expect(answer.body.tools).toEqual(["weather_forecast"]);
    expect(answer.body.noMatch).toEqual({ reason: "no-user-text" });
  });

  it('a select: query naming no tool: noMatch "nothing-relevant" and no tool', async () => {
    const { isolate, id } = await published();
    const answer = await isolate.select(id, { query: "select:send_fax" });
    expect(answer.body.tools).toEqual([]);
    expect(answer.body.noMatch).toEqual({ reason: "nothing-relevant" });
  });

  it("a select: query answers exactly the named tools, and a found tool carries no noMatch", async () => {
    const { isolate, id } = await published();
    const answer = await isolate.select(id, { query: "select:Gmail-Send-Email,stripe_create_refund" });
    expect(answer.body.tools).toEqual(["gmail_send_email", "stripe_create_refund"]);
    expect(answer.body).not.toHaveProperty("noMatch");
    const named = await isolate.select(id, { query: "the weather in Oslo, and slackPostMessage the answer" });
    expect(named.body.tools[0]).toBe("slack_post_message");
  });
});

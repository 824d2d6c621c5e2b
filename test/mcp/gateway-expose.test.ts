// --expose-selected: each search's tools are listed as tools of their own, announced with tools/list_changed, and
// callable by name.
import { join } from "node:path";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { gatewayInProcess, resultText, search } from "./gateway-helpers.js";
import { realServers, temporaryDirectory } from "./servers.js";

it("lists the tools a search found, announces the change, and forwards calls to them by name", async () => {
  const directory = temporaryDirectory();
  const { memory, filesystem } = realServers(directory);
  const { gateway, client } = await gatewayInProcess({ memory, filesystem }, { exposeSelected: true });
  try {
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    let announced = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void announced++);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    const found = (await search(client, "create a new directory", 3)).map((tool) => tool.name);
    expect(found).toContain("filesystem__create_directory");
    await expect.poll(() => announced).toBe(1);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(["search_tools", "call_tool", ...found]);
    const created = await client.callTool({
      name: "filesystem__create_directory",
      arguments: { path: join(directory, "made-by-name") },
    });
    expect(resultText(created)).toContain("made-by-name");
    // The same search again changes nothing, so nothing is announced.
    await search(client, "create a new directory", 3);
    expect(announced).toBe(1);
  } finally {
    await client.close();
    await gateway.close();
  }
});

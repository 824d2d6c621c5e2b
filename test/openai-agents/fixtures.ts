// An OpenAI Agents SDK agent for the tests: eight function tools, its model the SDK's own Responses model over the
// SDK's own OpenAI client, pointed at a loopback server.
import { Agent, OpenAIResponsesModel, setTracingDisabled, tool, type Tool } from "@openai/agents";
import OpenAI from "openai";
import { z } from "zod";

// Traces would be exported to a remote endpoint: the tests send nothing off the machine.
setTracingDisabled(true);

/** The SDK's Responses model over an OpenAI client whose base URL is the loopback server's. */
export function loopbackModel(baseURL: string): OpenAIResponsesModel {
  return new OpenAIResponsesModel(new OpenAI({ baseURL, apiKey: "test-key", maxRetries: 0 }), "gpt-test");
}

/** Eight function tools; each call is recorded in `calls` as `name(arguments)`. */
export function functionTools(calls: string[]): Tool[] {
  const make = (name: string, description: string, parameters: z.ZodObject) =>
    tool({
      name,
      description,
      parameters,
      execute: async (input) => {
        calls.push(`${name}(${JSON.stringify(input)})`);
        return `${name} done`;
      },
    });
  return [
    make("get_weather", "Get the current weather forecast for a city", z.object({ city: z.string() })),
    make(
      "send_email",
      "Send an email message to a recipient",
      z.object({ to: z.string(), subject: z.string(), body: z.string() }),
    ),
    make(
      "create_calendar_event",
      "Create an event in the user's calendar",
      z.object({ title: z.string(), date: z.string() }),
    ),
    make("search_flights", "Search flights between two airports", z.object({ from: z.string(), to: z.string() })),
    make(
      "convert_currency",
      "Convert an amount of money from one currency to another",
      z.object({ amount: z.number(), from: z.string(), to: z.string() }),
    ),
    make(
      "translate_text",
      "Translate text into another language",
      z.object({ text: z.string(), language: z.string() }),
    ),
    make("get_stock_price", "Get the latest stock price for a ticker symbol", z.object({ ticker: z.string() })),
    make("book_hotel", "Book a hotel room in a city", z.object({ city: z.string(), nights: z.number() })),
  ];
}

/** An agent with the eight tools, on the loopback model. */
export function travelAgent(baseURL: string, calls: string[]): Agent {
  return new Agent({
    name: "assistant",
    instructions: "Help the user with their request.",
    model: loopbackModel(baseURL),
    tools: functionTools(calls),
  });
}

// Moved to src/conversation/: kept as a re-export until the Worker imports `conversationQuery` from there.

export { conversationQuery, type MessageLike } from "../conversation/model-messages.js";

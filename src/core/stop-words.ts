// English stop words dropped from indexed text and queries: function words that carry no tool intent.

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
    "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
    "these they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours yourself yourselves let lets please want need like also may might must shall us via " +
    "i'm i've it's don't can't won't e.g i.e etc s t"
  ).split(" "),
);

/** Words that open a noun phrase ("the open issues", "my list"): what follows is a thing, not an action. */
export const DETERMINERS: ReadonlySet<string> = new Set(
  "the a an this that these those my our your his her their".split(" "),
);

/**
 * Words of conversation, not of a task (greetings, thanks, assent): they stay in the ranking, but a query made of
 * them alone is about no tool, so they carry no share of a query's relevance. General English, no catalog's words.
 */
export const CONVERSATIONAL_WORDS: ReadonlySet<string> = new Set(
  (
    "hello hi hey hiya howdy greetings thanks thank thx ty cheers ok okay kk yes yeah yep yup nope sure great cool " +
    "nice awesome perfect fine bye goodbye sorry welcome wow hmm good morning afternoon evening ah oh uh um much " +
    "got gotcha later never mind nevermind help tell anything something going gonna wanna " +
    // Interjections, chat shorthand and praise: what people type around a task, never the task.
    "lol lmao lmfao rofl haha hahaha hehe heh ugh argh yay woohoo omg meh oops whoops whoa phew yikes aww jk brb " +
    "ttyl np tysm ikr smh lifesaver legend genius amazing lovely brilliant fantastic excellent wonderful joke jokes " +
    // What an apostrophe leaves of a contraction ("you're", "we'll", "isn't"): no word of a task.
    "re ll ve don isn aren wasn weren doesn didn hasn haven couldn shouldn wouldn"
  ).split(" "),
);

/** Phrases of conversation whose words are task words elsewhere ("sounds good", "nice one"): they carry no share. */
export const CONVERSATIONAL_PHRASES: readonly (readonly string[])[] = [
  "sounds good",
  "sounds great",
  "nice one",
  "see you",
  "thank you",
  "how are you",
  "well done",
  "good job",
  "no problem",
  "take care",
  "all good",
  "my bad",
].map((phrase) => phrase.split(" "));

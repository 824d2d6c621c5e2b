// Tokenizer and stemmer: the text analysis both the index and every query go through.
import { describe, expect, it } from "vitest";
import { stem } from "../../src/core/stemmer.js";
import { foldText, forEachToken, markTimeValues, queryTokens, terms, tokenize } from "../../src/core/tokenizer.js";

const surfaces = (text: string): string[] => tokenize(text).map((token) => token.surface);

describe("foldText", () => {
  it.each([
    ["Crème Brûlée", "Creme Brulee"],
    ["Ærø", "Aero"],
    ["ÆRØ", "AERO"],
    ["straße", "strasse"],
    ["ﬁle", "file"],
    ["Łódź", "Lodz"],
    ["Œuvre", "Oeuvre"],
    ["naïve café", "naive cafe"],
  ])("folds %j to %j", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it("returns ASCII text unchanged", () => {
    expect(foldText("createGitHubPR v2")).toBe("createGitHubPR v2");
  });
});

describe("tokenize", () => {
  it("matches accented and plain spellings to the same terms", () => {
    expect(terms("Crème Brûlée")).toEqual(terms("creme brulee"));
    expect(terms("Ærø")).toEqual(terms("aero"));
    expect(terms("Straße")).toEqual(terms("strasse"));
    expect(terms("ﬁle")).toEqual(terms("file"));
  });

  it("splits camelCase and PascalCase identifiers, acronyms included", () => {
    expect(surfaces("createGitHubPR")).toEqual(["create", "git", "hub", "pr"]);
    expect(surfaces("HTTPServer")).toEqual(["http", "server"]);
    expect(surfaces("parseXMLDocument")).toEqual(["parse", "xml", "document"]);
    expect(surfaces("ListIssues")).toEqual(["list", "issues"]);
  });

  it("splits snake_case, kebab-case and dotted names", () => {
    expect(surfaces("get-user_by.id")).toEqual(["get", "user", "by", "id"]);
    expect(surfaces("github.issues/list")).toEqual(["github", "issues", "list"]);
  });

  it("flags upper-case acronyms of 2 to 6 characters", () => {
    const [create, git, hub, pr] = tokenize("createGitHubPR");
    expect([create.acronym, git.acronym, hub.acronym, pr.acronym]).toEqual([false, false, false, true]);
    expect(tokenize("HTTP server")[0].acronym).toBe(true);
    expect(tokenize("Http")[0].acronym).toBe(false);
    expect(tokenize("ABCDEFGH")[0].acronym).toBe(false);
  });

  it("reads an acronym's plural as the acronym, in ASCII and accented text", () => {
    const read = (text: string) => tokenize(text).map((token) => [token.surface, token.term, token.acronym]);
    expect(read("PRs")).toEqual([["pr", "pr", true]]);
    expect(read("open URLs and IDs")).toEqual([
      ["open", "open", false],
      ["url", "url", true],
      ["and", "and", false],
      ["id", "id", true],
    ]);
    expect(read("getPRs")).toEqual([
      ["get", "get", false],
      ["pr", "pr", true],
    ]);
    expect(read("ÉTATs")).toEqual([["etat", "etat", true]]);
    // An upper-case run before a word is still split there.
    expect(read("HTTPServer").map(([surface]) => surface)).toEqual(["http", "server"]);
  });

  it("keeps stop words in the stream but flags them", () => {
    const tokens = tokenize("Send the email to my boss");
    expect(tokens.map((token) => token.surface)).toEqual(["send", "the", "email", "to", "my", "boss"]);
    expect(tokens.filter((token) => token.stop).map((token) => token.surface)).toEqual(["the", "to", "my"]);
    expect(terms("Send the email to my boss")).toEqual(["send", "email", "boss"]);
  });

  it("flags bare numbers and single characters as stop", () => {
    const tokens = tokenize("resize x 1024 y 768");
    expect(tokens.filter((token) => token.stop).map((token) => token.surface)).toEqual(["x", "1024", "y", "768"]);
    expect(terms("page 2 of 10")).toEqual([stem("page")]);
  });

  it("keeps numeronyms and words with digits whole", () => {
    expect(terms("k8s i18n a11y")).toEqual(["k8s", "i18n", "a11y"]);
    expect(terms("oauth2 v2 s3")).toEqual(["oauth2", "v2", "s3"]);
  });

  it("splits on any non-letter, non-digit character, emoji and punctuation included", () => {
    expect(surfaces("deploy🚀now, (please)!")).toEqual(["deploy", "now", "please"]);
    expect(tokenize("")).toEqual([]);
    expect(tokenize(" \t\n--__..")).toEqual([]);
  });

  it("keeps initials joined by an ampersand, and a letter hyphened to a number, as one word", () => {
    expect(terms("P&L for Q3, R&D budget, AT&T bill")).toEqual(["p&l", "q3", "r&d", "budget", "at&t", "bill"]);
    // A W-9 is the W9 a name writes.
    expect(terms("request a W-9 and an I-9")).toEqual([...terms("requestW9"), "i9"]);
    // Not a longer run: words and chains stay apart.
    expect(surfaces("rock&roll t-shirt a-b-c P&L&X W-9-")).toEqual([
      "rock",
      "roll",
      "t",
      "shirt",
      "a",
      "b",
      "c",
      "p",
      "l",
      "x",
      "w",
      "9",
    ]);
    // Text with other scripts reads them the same way.
    expect(terms("café P&L W-9 a-b-c")).toEqual(["caf", "p&l", "w9"]);
    expect(surfaces("café P&L&X x-1-2")).toEqual(["cafe", "p", "l", "x", "x", "1", "2"]);
    // A caller that tokenises other text while visiting a token does not move the scan.
    const seen: string[] = [];
    forEachToken("P&L for Q3", (token) => {
      tokenize("R&D W-9");
      seen.push(token.surface);
    });
    expect(seen).toEqual(["p&l", "for", "q3"]);
  });

  it("lower-cases non-Latin scripts and keeps them searchable", () => {
    expect(terms("Привет МИР")).toEqual(["привет", "мир"]);
    expect(terms("東京")).toEqual(["東京"]);
  });
});

describe("markTimeValues", () => {
  const times = (text: string) =>
    markTimeValues(tokenize(text))
      .filter((token) => token.valueKind === "time")
      .map((token) => token.surface);

  it("marks the words that say when: days, times of day, months, units placed by a number or a word", () => {
    expect(times("push my 3pm to 4")).toEqual(["3pm"]);
    expect(times("how packed is my wednesday")).toEqual(["wednesday"]);
    expect(times("errors in the last 15 min, and tomorrow morning")).toEqual(["min", "tomorrow", "morning"]);
    expect(times("when can we meet next week")).toEqual(["week"]);
    expect(times("the june newsletter")).toEqual(["june"]);
    // An hour written apart from its "am" or "pm", or in capitals, which split it: the "am" is then no stop word.
    expect(times("push my 3PM to 4")).toEqual(["pm"]);
    expect(markTimeValues(tokenize("standup at 9 am")).find((token) => token.surface === "am")).toMatchObject({
      stop: false,
      valueKind: "time",
    });
    expect(times("I am here")).toEqual([]);
  });

  it("leaves a unit nothing places, and a month that reads as a word first", () => {
    expect(times("what's the week view called")).toEqual([]);
    expect(times("may I march on")).toEqual([]);
    const tokens = tokenize("rename the report");
    expect(markTimeValues(tokens)).toBe(tokens);
  });
});

describe("values of a query and their kinds", () => {
  const kinds = (text: string) =>
    queryTokens(text).map((token) => `${token.surface}${token.value ? "=" : ""}${token.valueKind ?? ""}`);

  it("reads a word of conversation typed with a letter held as the word, any other held word as typed", () => {
    const words = (text: string) => queryTokens(text).map((token) => token.surface);
    expect(words("thanksss, email them")).toEqual(words("thanks, email them"));
    expect(words("Okkk now the invoices")).toEqual(words("ok now the invoices"));
    expect(words("coool")).toEqual(["cool"]); // held twice, where once reads no word
    // A held stop word may lean on what was said ("alll of them"), a held name or thing is one.
    expect(words("alll of them")).toEqual(["alll", "of", "them"]);
    expect(words("email mattt about the AAA batteries")).toEqual([
      "email",
      "mattt",
      "about",
      "the",
      "aaa",
      "batteries",
    ]);
  });

  it("reads quoted words as values: a title, a subject or a message is what a tool is given", () => {
    const values = (text: string) =>
      queryTokens(text)
        .filter((token) => token.value)
        .map((token) => token.surface);
    expect(values("create a jira ticket titled 'refund flow broken on stripe'")).toEqual([
      "refund",
      "flow",
      "broken",
      "stripe",
    ]);
    expect(values('email dana with subject "zendesk ticket export"')).toEqual(["zendesk", "ticket", "export"]);
    expect(values("search drive for “hubspot deal notes”, then share it")).toEqual(["hubspot", "deal", "notes"]);
    expect(values("post ('deploy done') in #eng")).toEqual(["deploy", "done", "eng"]);
    // Apostrophes inside words open nothing; a quote that never closes marks nothing.
    expect(values("don't refund it, it's the customer's call")).toEqual([]);
    expect(values("rock 'n roll playlist")).toEqual([]);
    // A request that is all quotes but for words of conversation says nothing else: its words stay words.
    expect(values("'weekly sync notes'")).toEqual([]);
    expect(values("and 'Send invites' too")).toEqual([]);
    // Code in backticks names what runs it.
    expect(values("run `kubectl get pods` on staging")).toEqual([]);
    // An apostrophe that elides a word's start opens nothing (and a plural's possessive then closes nothing).
    expect(values("tell 'em the standup moved and update the teams' calendar")).toEqual([]);
    expect(values("'til friday, block my calendar and email my parents' address")).toEqual([]);
    expect(values("songs from the '90s and the kids' playlist")).toEqual([]);
  });

  it("reads another system's address as its scheme's words and a path in it, a browser's or the web's as a link", () => {
    expect(kinds("what's in s3://logs/2024/06/")).toEqual(["what", "s", "in", "s3", "logs=path", "2024=", "06="]);
    // The kind goes on the first word that is no stop word ("my").
    expect(kinds("ls s3://my-bucket/x")).toEqual(["ls", "s3", "my=", "bucket=path", "x="]);
    expect(kinds("open chrome://settings")).toEqual(["open", "chrome=url", "settings="]);
    expect(kinds("open https://acme.dev")).toEqual(["open", "https=url", "acme=", "dev="]);
  });

  it("reads a host name and a path as a link written without its scheme, not as a repository or a local path", () => {
    expect(kinds("go to linear.app/pricing, then")).toEqual(["go", "to", "linear=url", "app=", "pricing=", "then"]);
    expect(kinds("crawl docs.stripe.com/billing")).toEqual(["crawl", "docs=url", "stripe=", "com=", "billing="]);
    expect(kinds("see acme.io/i/8812")[1]).toBe("acme=url");
    // An owner's name has no dot; a repository's may ("next.js"). A file's ending names no host.
    expect(kinds("open vercel/next.js")[1]).toBe("vercel=slug");
    expect(kinds("open config.yaml/x")[1]).toBe("config=slug");
    expect(kinds("read ./notes.io/x")[1]).toBe("notes=path");
    expect(kinds("visit news.ycombinator.com")[1]).toBe("news=host");
  });

  it("reads a home or relative folder, a folder written with its slash, a local server and a media file as values", () => {
    expect(kinds("sort ~/Downloads by size")).toEqual(["sort", "downloads=path", "by", "size"]);
    expect(kinds("read ./docs, please")).toEqual(["read", "docs=path", "please"]);
    expect(kinds("edit ~/.zshrc")).toEqual(["edit", "zshrc=path"]);
    expect(kinds("csv files under data/")).toEqual(["csv", "files", "under", "data=path"]);
    // A slash after a word is a folder only where a place is said: "w/" is "with", "/remind" a chat's command.
    expect(kinds("a name for my dog w/ spots")).toEqual(["a", "name", "for", "my", "dog", "w", "spots"]);
    expect(kinds("list pros/ cons")).toEqual(["list", "pros", "cons"]);
    expect(kinds("/remind me at 5 to email jo@acme.com")[0]).toBe("remind");
    // A repository's name may end like a file's: it stays an owner and a repository.
    expect(kinds("get issue 42 in chartjs/Chart.js").slice(3)).toEqual(["in", "chartjs=slug", "chart=", "js="]);
    expect(kinds("open localhost:8080, then")).toEqual(["open", "localhost=url", "8080=", "then"]);
    expect(kinds("how big is video.mp4")).toEqual(["how", "big", "is", "video=file", "mp4="]);
    // A sum of money after its currency's sign: its first number is the value, the rest stay bare numbers.
    expect(kinds("bill Initech $2,400.50 for march")).toEqual([
      "bill",
      "initech",
      "2=money",
      "400",
      "50",
      "for",
      "march",
    ]);
    expect(kinds("€50 or £5K? £5k")).toEqual(["50=money", "or", "5=money", "k", "5k=money"]);
    expect(kinds("a $5.99 one")).toEqual(["a", "5=money", "99", "one"]);
    expect(kinds("$1.2M")).toEqual(["1=money", "2", "m"]);
    // Not after the sign, one digit only (a shell's "$1"), or a version.
    expect(kinds("under 100$ or $HOME")).toEqual(["under", "100", "or", "home"]);
    expect(kinds("echo $1 $1.2.3")).toEqual(["echo", "1", "1", "2", "3"]);
    // A value's possessive is no part of it.
    expect(kinds("all of tom.h@yahoo.com's orders")[2]).toBe("tom=email");
    expect(kinds("is acme/api's CI green")[1]).toBe("acme=slug");
    // A version is no file, nor a numeronym or a room an ending, nor a time of day a host.
    expect(kinds("bump to v2.14.1")).toEqual(["bump", "to", "v2", "14", "1"]);
    expect(kinds("ok.k8s pods")).toEqual(["ok", "k8s", "pods"]);
    expect(kinds("meet in rm.B12")).toEqual(["meet", "in", "rm", "b12"]);
    expect(kinds("at 10:30 today")[3]).toBe("todaytime");
  });

  it("reads a well-known file's name as a file, but not inside another value", () => {
    expect(kinds("show me the README")).toEqual(["show", "me", "the", "readmefile"]);
    expect(kinds("star acme/readme-tools")).toEqual(["star", "acme=slug", "readme=", "tools="]);
  });
});

describe("stem", () => {
  it("brings the forms of a verb and its derived nouns to one stem", () => {
    const base = stem("create");
    for (const form of ["creates", "creating", "created", "creation"]) expect(stem(form), form).toBe(base);
    expect(stem("calculator")).toBe(stem("calculate"));
    expect(stem("calculation")).toBe(stem("calculate"));
    expect(stem("translation")).toBe(stem("translate"));
    expect(stem("deployer")).toBe(stem("deploy"));
  });

  it("folds plurals", () => {
    expect(stem("users")).toBe(stem("user"));
    expect(stem("queries")).toBe(stem("query"));
    expect(stem("boxes")).toBe(stem("box"));
    expect(stem("batches")).toBe(stem("batch"));
    expect(stem("classes")).toBe(stem("class"));
    expect(stem("invoices")).toBe(stem("invoice"));
    expect(stem("issues")).toBe(stem("issue"));
  });

  it("undoubles a consonant left by -ing and -ed, but not ll, ss or zz", () => {
    expect(stem("stopping")).toBe("stop");
    expect(stem("stopped")).toBe("stop");
    expect(stem("running")).toBe("run");
    expect(stem("installing")).toBe("install");
    expect(stem("passed")).toBe("pass");
    expect(stem("buzzing")).toBe("buzz");
  });

  it("leaves words whose stem would lose its vowel", () => {
    expect(stem("thing")).toBe("thing");
    expect(stem("need")).toBe("need");
    expect(stem("status")).toBe("status");
    expect(stem("analysis")).toBe("analysis");
  });

  it("leaves a word whose final s is no plural, and folds its own plural to it", () => {
    expect(stem("news")).not.toBe(stem("new"));
    expect(stem("alias")).toBe(stem("aliases"));
    expect(stem("lens")).toBe(stem("lenses"));
    expect(stem("canvas")).toBe(stem("canvases"));
  });

  it("leaves short words and words with digits untouched", () => {
    for (const word of ["ip", "api", "sms", "bed", "k8s", "v2", "html5", "oauth2", "s3", "a11y", "html5s", "l10n"])
      expect(stem(word), word).toBe(word);
  });

  it("is idempotent on its own stems for common tool words", () => {
    for (const word of ["send", "email", "deploy", "refund", "payment", "search", "upload"])
      expect(stem(stem(word)), word).toBe(stem(word));
  });
});

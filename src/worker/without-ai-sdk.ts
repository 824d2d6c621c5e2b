// Stands in for the `ai` package in this repo's Worker bundle (wrangler.toml [alias]): loading it fails, so
// toolsift calls the local model directly. An AI SDK model needs the alias removed (see wrangler.toml).

throw new Error('The AI SDK ("ai") is left out of this Worker\'s bundle: remove its [alias] line in wrangler.toml.');

// Songsmith playground: plain JavaScript, same origin as the API, no build.
"use strict";
(function () {
  const KEY = "songsmith.key", PAGE = 10; // jobs per page of GET /jobs
  const FAMILY = "songsmith.family"; // {job id: the job whose recipe made it}
  const FIRST_POLL = 2000, MAX_POLL = 10000; // ms: every ~2 s, backing off to 10 s
  const $ = (id) => document.getElementById(id);
  const el = {
    keyForm: $("key-form"), key: $("key"), keyState: $("key-state"), keyForget: $("key-forget"),
    form: $("prompt-form"), prompt: $("prompt"), generate: $("generate"),
    status: $("status"), elapsed: $("elapsed"), jobId: $("job-id"), error: $("error"),
    song: $("song"), cover: $("cover"), title: $("song-title"), meta: $("song-meta"), player: $("player"),
    dlSong: $("download-song"), dlCover: $("download-cover"),
    recent: $("recent"), recentEmpty: $("recent-empty"), recentMore: $("recent-more"),
    recentRefresh: $("recent-refresh"), keyError: $("key-error"), keySave: document.querySelector("#key-form button[type=submit]"),
    cancel: $("cancel"), edit: $("edit"), code: $("code"), codeCurl: $("code-curl"), codeGo: $("code-go"),
    dlRecipe: $("download-recipe"), licenseRow: $("license-row"), licenseLink: $("license-link"), licenseId: $("license-id"),
    licenseAttr: $("license-attribution"), engineRow: $("engine-row"), engineVersion: $("engine-version"),
    useRecipe: $("use-recipe"), useRecipeHint: $("use-recipe-hint"), recipe: $("opt-recipe"),
    optionsBox: document.querySelector("details.options"),
    dlStems: $("download-stems"), dlMIDI: $("download-midi"), dlTimeline: $("download-timeline"),
    dlMusicXML: $("download-musicxml"),
    dlLayers: $("download-layers"),
    dlSegments: $("download-segments"),
    seedRow: $("seed-row"), seedFormat: $("seed-format"), loopRow: $("loop-row"), loopSpan: $("loop-span"),
    measuredRow: $("measured-row"), measuredSpan: $("measured-span"),
    webhookRow: $("webhook-row"), webhookState: $("webhook-state"), family: $("family"), familyList: $("family-list"),
    del: $("delete"),
  };
  const view = window.SongsmithView;

  // --- storage (localStorage may be unavailable: private modes) -------------
  const store = {
    get(k, d) { try { const v = localStorage.getItem(k); return v === null ? d : JSON.parse(v); } catch (e) { return d; } },
    set(k, v) { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* ignore */ } },
    del(k) { try { localStorage.removeItem(k); } catch (e) { /* ignore */ } },
  };
  const apiKey = () => store.get(KEY, "");

  function showKeyState() {
    const k = apiKey();
    if (k) {
      el.keyState.textContent = "Key saved in this browser (…" + k.slice(-4) + ").";
    } else {
      const cmd = document.createElement("code");
      cmd.textContent = "songsmith keys create NAME";
      el.keyState.replaceChildren("No key saved. Create one with ", cmd, ".");
    }
    el.key.value = k ? k : "";
  }
  function setKeyError(msg) {
    el.keyError.hidden = !msg;
    el.keyError.textContent = msg || "";
  }
  // Save checks the key with the API (the first page of its history) and
  // keeps it only if the server accepts it.
  el.keyForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const k = el.key.value.trim();
    if (!k) { el.key.focus(); return; }
    setKeyError("");
    el.keySave.disabled = true;
    el.keyState.textContent = "Checking the key…";
    let page = null, err = null;
    try {
      page = await api("GET", "/jobs?limit=" + PAGE, undefined, undefined, k);
    } catch (e) {
      err = e;
    } finally {
      el.keySave.disabled = false;
    }
    if (err instanceof APIError && err.status === 401) {
      showKeyState();
      el.key.value = k;
      setKeyError("The server refused this key: " + err.message + " It was not saved; check it, or create one with songsmith keys create NAME.");
      el.key.focus();
      return;
    }
    store.set(KEY, k);
    showKeyState();
    if (page) showHistory(page, false);
    else setKeyError("Key saved, but it could not be checked: " + (err.message || String(err)));
    el.prompt.focus();
  });
  el.keyForget.addEventListener("click", () => {
    store.del(KEY); showKeyState(); setKeyError(""); clearHistory(); el.key.focus();
  });

  // --- API -----------------------------------------------------------------
  class APIError extends Error {
    constructor(status, body, retryAfter) {
      super((body && body.message) || ("HTTP " + status));
      this.status = status; this.code = body && body.error; this.retryAfter = retryAfter;
    }
  }
  async function api(method, path, body, headers, key) {
    const h = Object.assign({ "Authorization": "Bearer " + (key || apiKey()) }, headers || {});
    if (body !== undefined) h["Content-Type"] = "application/json";
    const res = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const ra = parseInt(res.headers.get("Retry-After") || "", 10);
      throw new APIError(res.status, data, Number.isFinite(ra) ? ra : null);
    }
    return data;
  }

  // --- status display --------------------------------------------------------
  let current = null; // {id, prompt, started, token}
  let ticker = null;
  function setStatus(text, state) {
    el.status.textContent = text;
    el.status.dataset.state = state || "";
  }
  function setError(msg) {
    el.error.hidden = !msg;
    el.error.textContent = msg || "";
  }
  function tick() {
    if (!current) { el.elapsed.textContent = ""; return; }
    if (current.done) return; // the final line stays
    const s = Math.round((Date.now() - current.started) / 1000);
    el.elapsed.textContent = "Elapsed " + s + " s.";
    if (current.waitUntil) {
      const left = Math.max(0, Math.ceil((current.waitUntil - Date.now()) / 1000));
      el.elapsed.textContent += " Rate limited: retrying in " + left + " s.";
    }
  }
  function startTicker() { if (!ticker) ticker = setInterval(tick, 1000); }

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // --- the key's jobs (GET /jobs: newest first, pages by next_cursor) -------
  let history = { items: [], next: "" };
  function clearHistory() { history = { items: [], next: "" }; renderRecent(); }
  // showHistory shows a page of GET /jobs, after the shown ones (more) or
  // instead of them.
  function showHistory(page, more) {
    const items = more ? history.items.slice() : [];
    for (const j of page.jobs || []) if (!items.some((x) => x.job_id === j.job_id)) items.push(j);
    history = { items, next: page.next_cursor || "" };
    renderRecent();
  }
  async function loadHistory(more) {
    if (!apiKey()) { clearHistory(); return; }
    let path = "/jobs?limit=" + PAGE;
    if (more && history.next) path += "&cursor=" + encodeURIComponent(history.next);
    try {
      showHistory(await api("GET", path), more);
    } catch (e) {
      if (e instanceof APIError && e.status === 401) setKeyError("The saved key is refused by the server now (" + e.message + "). Replace it above.");
      else setKeyError("Could not load your jobs: " + (e.message || String(e)));
    }
  }
  // noteJob adds or updates a job of the list (a submission, a poll's answer).
  function noteJob(j) {
    const i = history.items.findIndex((x) => x.job_id === j.job_id);
    if (i >= 0) history.items[i] = Object.assign({}, history.items[i], j);
    else history.items.unshift(j);
    renderRecent();
  }
  function when(s) {
    const t = Date.parse(String(s || "").replace(" ", "T") + "Z");
    return Number.isFinite(t) ? new Date(t).toLocaleString() : "";
  }
  // stateWord is a job's state as the page says it: a cancelled job is
  // "cancelled", not "failed".
  const stateWord = (j) => (j.status === "failed" && j.error === "canceled") ? "cancelled" : j.status;
  function renderRecent() {
    const list = history.items;
    el.recent.replaceChildren();
    el.recentEmpty.hidden = list.length > 0;
    el.recentEmpty.textContent = apiKey() ? "No jobs for this key yet." : "Save your key to list its jobs (from this page or anywhere else).";
    el.recentMore.hidden = !history.next;
    el.recentRefresh.hidden = !apiKey();
    for (const j of list) {
      const title = (j.result && j.result.title) || j.prompt;
      const li = document.createElement("li");
      li.dataset.id = j.job_id;
      const what = document.createElement("div");
      what.className = "what";
      const name = document.createElement("div");
      name.className = "name";
      name.textContent = title;
      name.title = j.prompt;
      const st = document.createElement("div");
      st.className = "state";
      const piece = j.collection_id ? "piece " + (j.collection_index + 1) : "";
      st.textContent = [piece, stateWord(j), when(j.started_at)].filter(Boolean).join(" · ");
      what.append(name, st);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "secondary";
      b.textContent = j.status === "running" ? "Check" : "Open";
      b.setAttribute("aria-label", b.textContent + ": " + title);
      b.addEventListener("click", () => { el.code.hidden = true; follow(j.job_id, j.prompt, Date.now()); el.status.focus(); });
      li.append(what, b);
      el.recent.append(li);
    }
  }
  el.recentMore.addEventListener("click", () => loadHistory(true));
  el.recentRefresh.addEventListener("click", () => loadHistory(false));

  // --- the same request from code ---------------------------------------
  // SDK is the Go SDK's GenerateOption for each request option, keyed by
  // the option's name (one entry per row of the server's table of options,
  // which a test checks): a function of the value sent to the Go calls.
  const goString = (v) => JSON.stringify(String(v));
  const SDK = {
    seed: (v) => ["client.WithSeed(" + v + ")"],
    format: (v) => ["client.WithFormat(client.Format" + String(v).toUpperCase() + ")"],
    duration_seconds: (v) => ["client.WithDuration(" + (Number.isInteger(v) ? v + " * time.Second" : Math.round(v * 1000) + " * time.Millisecond") + ")"],
    exact_duration: () => ["client.WithExactDuration()"],
    loop: () => ["client.WithLoop()"],
    bpm: (v) => ["client.WithBPM(" + v + ")"],
    key: (v) => ["client.WithKey(" + goString(v) + ")"],
    outputs: (v) => v.map((o) => ({ stems: "client.WithStems()", midi: "client.WithMIDI()", timeline: "client.WithTimeline()",
      musicxml: "client.WithMusicXML()", layers: "client.WithLayers()", segments: "client.WithSegments()" })[o]),
    loudness_lufs: (v) => ["client.WithLoudness(" + v + ")"],
    sample_rate: (v) => ["client.WithSampleRate(" + v + ")"],
    webhook_url: (v) => ["client.WithWebhook(" + goString(v) + ")"],
    recipe: (v) => ["client.WithRecipe(" + goString(JSON.stringify(v)) + ")"],
    intensity: (v) => ["client.WithIntensity(" + v + ")"],
    instruments: (v) => Object.entries(v).map(([role, inst]) => inst === null ?
      "client.WithMute(" + goString(role) + ")" : "client.WithInstrument(" + goString(role) + ", " + goString(inst) + ")"),
    regenerate: (v) => ["client.WithRegenerate(" + v.map(goString).join(", ") + ")"],
    count: (v) => v > 1 ? [] : ["client.WithCount(" + v + ")"], // 2 or more: GenerateMany (goFor)
    hits: (v) => v.map((h) => "client.WithHit(" + h.at + ", " + goString(h.kind) + ")"),
    energy: (v) => Array.isArray(v) ?
      ["client.WithEnergyCurve(" + v.map((p) => "client.EnergyPoint{" + ("bar" in p ? "Bar: " + p.bar : "At: " + p.at) +
        ", Value: " + p.value + "}").join(", ") + ")"] :
      ["client.WithSectionEnergy(map[string]float64{" + Object.entries(v).map(([k, x]) => goString(k) + ": " + x).join(", ") + "})"],
    chords: (v) => [typeof v === "string" ? "client.WithChords(" + goString(v) + ")" :
      "client.WithSectionChords(map[string]string{" + Object.entries(v).map(([k, c]) => goString(k) + ": " + goString(c)).join(", ") + "})"],
    melody: (v) => [v.midi ? "client.WithMelodyMIDI(midiFile, " + (v.track || 0) + ")" : "client.WithMelodyABC(" + goString(v.abc || "") + ")"]
      .concat(v.transpose ? ["client.WithMelodyTranspose(" + v.transpose + ")"] : []),
  };
  // shellQuote quotes s for a POSIX shell.
  const shellQuote = (s) => "'" + String(s).replace(/'/g, "'\\''") + "'";
  function curlFor(body) {
    return "curl -s -X POST " + shellQuote(location.origin + "/generate") + " \\\n" +
      "  -H \"Authorization: Bearer $SONGSMITH_API_KEY\" \\\n" +
      "  -H \"Content-Type: application/json\" \\\n" +
      "  -d " + shellQuote(JSON.stringify(body));
  }
  function goFor(body) {
    const calls = [];
    let usesTime = false;
    for (const [name, v] of Object.entries(body)) {
      if (name === "prompt") continue;
      const f = SDK[name];
      if (!f) continue; // cannot happen: a test keeps SDK complete
      for (const c of f(v)) { calls.push(c); usesTime = usesTime || c.includes("time."); }
    }
    const imports = ["context", "fmt", "log", "os"].concat(usesTime ? ["time"] : []);
    const many = body.count > 1; // a collection: GenerateMany, which prints its id
    const args = ["context.Background()", goString(body.prompt)].concat(many ? [String(body.count)] : []);
    return "package main\n\nimport (\n" + imports.map((x) => "\t\"" + x + "\"\n").join("") +
      "\n\t\"github.com/songsmith/songsmith/client\"\n)\n\nfunc main() {\n" +
      "\tc := client.New(" + goString(location.origin) + ", os.Getenv(\"SONGSMITH_API_KEY\"))\n" +
      "\tsub, err := c." + (many ? "GenerateMany(" : "Generate(") + (calls.length ? args.join(", ") + ",\n\t\t" + calls.join(",\n\t\t") + ",\n\t" : args.join(", ")) + ")\n" +
      "\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tfmt.Println(sub." + (many ? "CollectionID" : "JobID") + ")\n}\n";
  }
  function showCode(body) {
    el.codeCurl.textContent = curlFor(body);
    el.codeGo.textContent = goFor(body);
    el.code.hidden = false;
  }
  for (const b of document.querySelectorAll("button.copy")) {
    b.addEventListener("click", async () => {
      const text = $(b.dataset.copy).textContent;
      try {
        await navigator.clipboard.writeText(text);
        b.textContent = "Copied";
      } catch (e) { // no clipboard (an insecure origin): select it instead
        const r = document.createRange();
        r.selectNodeContents($(b.dataset.copy));
        const sel = getSelection(); sel.removeAllRanges(); sel.addRange(r);
        b.textContent = "Selected";
      }
      setTimeout(() => { b.textContent = "Copy"; }, 2000);
    });
  }

  // --- submit ------------------------------------------------------------------
  // options reads the options form: one member per filled-in field, named
  // and typed (data-type) as the rows of the server's table of options.
  function options() {
    const body = {};
    for (const f of document.querySelectorAll("#options [name]")) {
      if (f.dataset.type === "array" && f.type === "text") { // free labels, comma-separated
        const items = f.value.split(",").map((x) => x.trim()).filter(Boolean);
        if (items.length) body[f.name] = items;
        continue;
      }
      if (f.dataset.type === "array") {
        if (f.checked) (body[f.name] = body[f.name] || []).push(f.value);
        continue;
      }
      if (f.name === "melody") { // an ABC tune, or the member's JSON
        const v = f.value.trim();
        if (v === "") continue;
        if (v.startsWith("{")) {
          try { body.melody = JSON.parse(v); } catch (e) { body.melody = v; }
        } else body.melody = { abc: f.value };
        continue;
      }
      if (f.name === "chords" && !f.value.trim().startsWith("{")) { // a chart, or "section: chart; ..."
        const v = f.value.trim();
        if (v === "") continue;
        if (!v.includes(":")) { body.chords = v; continue; }
        const o = {};
        for (const part of v.split(";")) {
          const i = part.indexOf(":");
          if (i > 0) o[part.slice(0, i).trim()] = part.slice(i + 1).trim();
        }
        body.chords = o;
        continue;
      }
      if (f.dataset.type === "object" && (f.name === "recipe" || f.name === "energy" || f.name === "hits" || f.value.trim().startsWith("{"))) {
        // JSON (a recipe, the energy, hit points); not JSON is sent as text for the server to refuse
        const v = f.value.trim();
        if (v === "") continue;
        try { body[f.name] = JSON.parse(v); } catch (e) { body[f.name] = v; }
        continue;
      }
      if (f.dataset.type === "object") { // "role: instrument, role: none"
        const o = {};
        for (const pair of f.value.split(",")) {
          const [k, v] = pair.split(":").map((x) => (x || "").trim());
          if (k) o[k] = (!v || v === "none" || v === "null") ? null : v;
        }
        if (Object.keys(o).length) body[f.name] = o;
        continue;
      }
      if (f.dataset.type === "boolean") {
        if (f.checked) body[f.name] = true;
        continue;
      }
      const v = f.value.trim();
      if (v === "") continue;
      body[f.name] = (f.dataset.type === "integer" || f.dataset.type === "number") ? Number(v) : v;
    }
    return body;
  }

  el.prompt.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); el.form.requestSubmit(); }
  });
  el.form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const prompt = el.prompt.value.trim();
    el.del.hidden = true;
    if (!apiKey()) { setError("Save your API key first."); el.key.focus(); return; }
    if (!prompt) { setError("Type a prompt first."); el.prompt.focus(); return; }
    setError("");
    el.generate.disabled = true;
    // One idempotency key per click: a retried submission never makes two jobs.
    const idem = (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random());
    const started = Date.now();
    current = { id: null, prompt, started, token: {} };
    const token = current.token;
    el.song.hidden = true;
    view.clear();
    startTicker();
    let backoff = 5;
    try {
      for (;;) {
        setStatus("Submitting…", "submitting");
        try {
          const body = Object.assign({ prompt }, options());
          const ack = await api("POST", "/generate", body, { "Idempotency-Key": idem });
          if (recipeFrom && body.recipe && JSON.stringify(body.recipe) === recipeFrom.recipe) {
            const fam = store.get(FAMILY, {});
            fam[ack.job_id] = recipeFrom.id;
            store.set(FAMILY, fam);
          }
          showCode(body);
          if (ack.collection_id) { // a collection (count): list every piece, follow the first
            for (let i = ack.jobs.length - 1; i >= 0; i--) {
              noteJob({ job_id: ack.jobs[i].job_id, prompt, status: "running", result: null, collection_id: ack.collection_id, collection_index: i });
            }
            follow(ack.jobs[0].job_id, prompt, started);
            return;
          }
          noteJob({ job_id: ack.job_id, prompt, status: "running", result: null });
          follow(ack.job_id, prompt, started);
          return;
        } catch (e) {
          if (!(e instanceof APIError) || e.status !== 429 || current.token !== token) throw e;
          const wait = e.retryAfter !== null ? e.retryAfter : backoff;
          backoff = Math.min(backoff * 2, 60);
          setStatus("Rate limited; will submit again.", "waiting");
          current.waitUntil = Date.now() + wait * 1000;
          tick();
          await sleep(wait * 1000);
          current.waitUntil = 0;
        }
      }
    } catch (e) {
      fail(e);
    } finally {
      el.generate.disabled = false;
    }
  });

  // Cancel (POST /jobs/{id}/cancel): the next poll shows the job failed
  // with the error "canceled", which the page says as "Cancelled" (grey).
  el.cancel.addEventListener("click", async () => {
    if (!current || !current.id || current.done) return;
    el.cancel.disabled = true;
    try {
      await api("POST", "/jobs/" + encodeURIComponent(current.id) + "/cancel");
      setStatus("Cancelling…", "waiting");
    } catch (e) {
      if (!(e instanceof APIError) || e.status !== 409) setError(e.message || String(e));
    } finally {
      el.cancel.disabled = false;
    }
  });

  // Edit (POST /jobs/{id}/edit): a new job, the finished song with the
  // options form's changes; its prompt and seed are the source's.
  el.edit.addEventListener("click", async () => {
    if (!current || !current.id || !current.done) return;
    const body = options();
    delete body.seed; // the source's seed and song stay: no seed nor recipe
    delete body.recipe;
    const src = current;
    el.edit.disabled = true;
    setError("");
    try {
      const idem = (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random());
      const ack = await api("POST", "/jobs/" + encodeURIComponent(src.id) + "/edit", body, { "Idempotency-Key": idem });
      el.code.hidden = true;
      noteJob({ job_id: ack.job_id, prompt: src.prompt, status: "running", result: null });
      follow(ack.job_id, src.prompt, Date.now());
    } catch (e) {
      setError(e.message || String(e));
    } finally {
      el.edit.disabled = false;
    }
  });

  // Delete (DELETE /jobs/{id}): a finished job and its files, after a
  // second press (the first asks).
  let deleteArmed = false;
  function resetDelete() {
    deleteArmed = false;
    el.del.textContent = "Delete this job";
    el.del.removeAttribute("aria-describedby");
  }
  el.del.addEventListener("click", async () => {
    if (!current || !current.id || !current.done) return;
    if (!deleteArmed) {
      deleteArmed = true;
      el.del.textContent = "Press again to delete it for good";
      return;
    }
    const id = current.id;
    el.del.disabled = true;
    try {
      await api("DELETE", "/jobs/" + encodeURIComponent(id));
      history.items = history.items.filter((x) => x.job_id !== id);
      renderRecent();
      el.song.hidden = true;
      view.clear();
      el.del.hidden = true;
      setStatus("Deleted: the job and its files are gone.", "deleted");
      el.elapsed.textContent = "";
    } catch (e) {
      setError(e.message || String(e));
    } finally {
      el.del.disabled = false;
      resetDelete();
    }
  });

  function fail(e) {
    el.cancel.hidden = true;
    let msg = e.message || String(e);
    if (e instanceof APIError && e.status === 401) {
      msg = "The API key was refused: " + msg + " Check or replace it above.";
      el.key.focus();
    }
    setStatus("Request failed.", "failed");
    setError(msg);
    if (current) current.done = true;
    el.elapsed.textContent = "";
  }

  // --- polling -------------------------------------------------------------
  async function follow(id, prompt, submitted) {
    const token = {};
    current = { id, prompt, started: submitted || Date.now(), token };
    startTicker();
    el.jobId.textContent = "Job " + id + ".";
    el.cancel.hidden = true;
    el.del.hidden = true;
    resetDelete();
    setError("");
    el.song.hidden = true;
    view.clear();
    setStatus("Queued: waiting for the job’s first state.", "running");
    let delay = FIRST_POLL, backoff = 5;
    let announced = "";
    for (;;) {
      if (current.token !== token) return; // another job took over the view
      let job;
      try {
        job = await api("GET", "/jobs/" + encodeURIComponent(id));
      } catch (e) {
        if (current.token !== token) return;
        if (e instanceof APIError && (e.status === 429 || e.status >= 500)) {
          const wait = e.retryAfter !== null ? e.retryAfter : (e.status === 429 ? backoff : 10);
          if (e.status === 429) backoff = Math.min(backoff * 2, 60);
          current.waitUntil = Date.now() + wait * 1000;
          setStatus(e.status === 429 ? "Running; polling paused by the rate limit." : "Server trouble; trying again shortly.", "waiting");
          tick();
          await sleep(wait * 1000);
          current.waitUntil = 0;
          continue;
        }
        if (e instanceof APIError && e.status === 404) {
          noteJob({ job_id: id, status: "expired" });
          fail(new Error("This job no longer exists (it may have expired)."));
          return;
        }
        fail(e);
        return;
      }
      if (current.token !== token) return;
      if (job.status === "running") {
        el.cancel.hidden = false;
        if (announced !== "running") {
          noteJob(Object.assign({ job_id: id }, job));
          setStatus("Running: composing and rendering.", "running");
          announced = "running";
        }
        tick();
        await sleep(delay);
        delay = Math.min(Math.round(delay * 1.5), MAX_POLL);
        continue;
      }
      current.done = true;
      el.cancel.hidden = true;
      el.del.hidden = false;
      tick();
      const took = secondsBetween(job.started_at, job.finished_at);
      if (took !== null) el.elapsed.textContent = took < 1 ? "Took under a second." : "Took " + took + " s.";
      if (job.status === "completed") {
        const r = job.result;
        noteJob(Object.assign({ job_id: id }, job));
        showSong(r, job);
        setStatus("Completed: “" + r.title + "” is ready to play.", "completed");
      } else if (job.error === "canceled") {
        noteJob(Object.assign({ job_id: id }, job));
        setStatus("Cancelled.", "cancelled");
      } else {
        noteJob(Object.assign({ job_id: id }, job));
        setStatus("Failed.", "failed");
        setError(job.error || "Generation failed.");
      }
      return;
    }
  }

  // secondsBetween reads the API's "YYYY-MM-DD HH:MM:SS" UTC times.
  function secondsBetween(a, b) {
    const t = (s) => Date.parse(String(s || "").replace(" ", "T") + "Z");
    const d = (t(b) - t(a)) / 1000;
    return Number.isFinite(d) ? Math.max(0, Math.round(d)) : null;
  }
  function fmtDuration(s) {
    const m = Math.floor(s / 60), sec = Math.floor(s % 60); // as the player shows it
    return m + ":" + String(sec).padStart(2, "0");
  }
  function extOf(url, d) {
    try { const m = /\.([a-z0-9]{2,4})$/i.exec(new URL(url, location.href).pathname); return m ? m[1] : d; } catch (e) { return d; }
  }
  // link points a download link at url. The download attribute only works
  // on the page's own origin; elsewhere (presigned S3 URLs on AWS) the
  // browser opens the file, so it opens in a new tab and the page stays.
  function link(a, url, name) {
    a.href = url;
    a.setAttribute("download", name);
    let cross = false;
    try { cross = new URL(url, location.href).origin !== location.origin; } catch (e) { cross = false; }
    if (cross) { a.target = "_blank"; a.rel = "noopener"; } else { a.removeAttribute("target"); a.removeAttribute("rel"); }
  }
  const fileName = (title, d) => (title || d).replace(/[^\w\- ]+/g, "") || d;
  let shown = null; // {id, result, prompt}: the song on show
  let recipeFrom = null; // {id, recipe}: the job whose recipe "Use this recipe" put in the form
  // The shown song's recipe as a file: a blob URL, freed when another
  // song is shown.
  let recipeURL = "";
  // showRights shows the song's licence and engine version and offers its
  // recipe (each hidden when the result lacks it: results made before
  // issue 20).
  function showRights(r) {
    const lic = r.license || null;
    el.licenseRow.hidden = !(lic && lic.id);
    if (lic && lic.id) {
      el.licenseId.textContent = lic.id;
      if (lic.url) el.licenseLink.href = lic.url; else el.licenseLink.removeAttribute("href");
      el.licenseAttr.textContent = lic.attribution || "";
      el.licenseAttr.hidden = !lic.attribution;
    }
    el.engineRow.hidden = !r.engine_version;
    el.engineVersion.textContent = r.engine_version || "";
    if (recipeURL) { URL.revokeObjectURL(recipeURL); recipeURL = ""; }
    const has = !!(r.recipe && typeof r.recipe === "object");
    el.dlRecipe.hidden = el.useRecipe.hidden = el.useRecipeHint.hidden = !has;
    if (!has) { el.dlRecipe.removeAttribute("href"); return; }
    recipeURL = URL.createObjectURL(new Blob([JSON.stringify(r.recipe, null, 2) + "\n"], { type: "application/json" }));
    link(el.dlRecipe, recipeURL, fileName(r.title, "song") + ".recipe.json");
  }
  // Use this recipe: the recipe in the options form (the other options
  // cleared, the webhook kept), the prompt filled in if empty; Generate
  // then renders the same song, and any option filled in changes it.
  el.useRecipe.addEventListener("click", () => {
    if (!shown || !shown.result.recipe) return;
    for (const f of document.querySelectorAll("#options [name]")) {
      if (f.name === "webhook_url") continue;
      if (f.type === "checkbox") f.checked = false; else f.value = "";
    }
    el.recipe.value = JSON.stringify(shown.result.recipe);
    recipeFrom = { id: shown.id, recipe: JSON.stringify(JSON.parse(el.recipe.value)) };
    if (!el.prompt.value.trim() && shown.prompt) el.prompt.value = shown.prompt;
    el.optionsBox.open = true;
    el.recipe.focus();
  });
  // showOutputs links the extra files of r (stems, MIDI, timeline, MusicXML, layers, segments), each
  // hidden when the job did not ask for it.
  function showOutputs(r) {
    const base = fileName(r.title, "song");
    for (const [a, url, name] of [[el.dlStems, r.stems_url, base + ".stems.zip"], [el.dlMIDI, r.midi_url, base + ".mid"],
      [el.dlTimeline, r.timeline_url, base + ".timeline.json"], [el.dlMusicXML, r.musicxml_url, base + ".musicxml"],
      [el.dlLayers, r.layers_url, base + ".layers.zip"], [el.dlSegments, r.segments_url, base + ".segments.zip"]]) {
      a.hidden = !url;
      if (url) link(a, url, name); else a.removeAttribute("href");
    }
    el.seedRow.hidden = r.seed === undefined && !r.format;
    el.seedFormat.textContent = [r.seed !== undefined ? "seed " + r.seed : "", r.format ? String(r.format).toUpperCase() : ""].filter(Boolean).join(" · ");
    el.loopRow.hidden = r.loop_end === undefined;
    // Where the file keeps its loop points (docs/api-extensions.md).
    const carrier = { wav: "loop points in its smpl chunk", flac: "LOOPSTART/LOOPLENGTH tags", ogg: "LOOPSTART/LOOPLENGTH tags", mp3: "gapless by its LAME tag" }[r.format];
    el.loopSpan.textContent = r.loop_end === undefined ? "" : "a seamless loop from " + r.loop_start + " s to " + r.loop_end + " s" + (carrier ? " (" + carrier + ")" : "");
    el.measuredRow.hidden = !r.measured;
    el.measuredSpan.textContent = r.measured ? measuredText(r.measured) : "";
  }
  // measuredText says what the analysis heard in the song, each value
  // with "as asked" or what was asked instead, and how the tempo is felt.
  function measuredText(m) {
    const as = (f, asked) => f.matches ? "as asked" : "asked " + asked;
    let s = [m.bpm.value + " bpm (" + as(m.bpm, m.bpm.asked + " bpm") + ")",
      m.key.value + " (" + (m.key.matches ? (m.key.relation === "same" ? "as asked" : "the notes of " + m.key.asked) : "asked " + m.key.asked) + ")",
      m.loudness_lufs.value + " LUFS (" + (m.loudness_lufs.matches ? "on target" : "target " + m.loudness_lufs.asked) + ")",
      m.true_peak_dbtp.value + " dBTP peak (" + (m.true_peak_dbtp.matches ? "under the ceiling" : "ceiling " + m.true_peak_dbtp.asked) + ")",
      m.duration.value + " s" + (m.duration.value === m.duration.asked ? " (as asked)" :
        " (asked " + m.duration.asked + " s" + (m.duration.matches ? ", whole bars and a tail)" : ", differs)")),
      "sound until " + m.audible_end.value + " s"].join(" · ");
    if (m.bpm.felt_bpm !== undefined) s += ". Felt at " + m.bpm.felt_bpm + " bpm: " + m.bpm.reason;
    return s;
  }
  // WEBHOOK says a job's webhook delivery state in words.
  const WEBHOOK = { pending: "waiting to be sent", delivered: "delivered", retrying: "failed, will try again",
    parked: "waiting: the receiver keeps failing", failed: "given up" };
  // showWebhook shows the webhook's state; while the delivery is under
  // way it reads the job again (every 3 s, a minute at most) to follow it.
  function showWebhook(job, id, tries) {
    const w = job && job.webhook;
    el.webhookRow.hidden = !w;
    if (!w) return;
    el.webhookState.textContent = (WEBHOOK[w.status] || w.status) + " (" + w.attempts + (w.attempts === 1 ? " attempt" : " attempts") + ")" +
      (w.last_error ? ": " + w.last_error : "");
    el.webhookState.dataset.status = w.status;
    tries = tries || 0;
    if ((w.status === "pending" || w.status === "retrying") && tries < 20 && id) {
      setTimeout(async () => {
        if (!current || current.id !== id) return;
        try {
          const j = await api("GET", "/jobs/" + encodeURIComponent(id));
          if (current && current.id === id) showWebhook(j, id, tries + 1);
        } catch (e) { /* the next read of the job shows it */ }
      }, 3000);
    }
  }
  // showFamily says where the song comes from (the job it edits, the job
  // whose recipe made it) and the songs made from it that the page knows.
  async function showFamily(id, job) {
    const fam = store.get(FAMILY, {});
    const rows = [];
    const title = (j) => (j && j.result && j.result.title) || (j && j.prompt) || "";
    const find = (jid) => history.items.find((x) => x.job_id === jid);
    const row = (words, jid, j) => {
      const li = document.createElement("li");
      li.dataset.job = jid;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "secondary";
      b.textContent = title(j) ? "“" + title(j) + "”" : "job " + jid.slice(0, 8);
      b.setAttribute("aria-label", "Open " + b.textContent + " (job " + jid + ")");
      b.title = "Job " + jid;
      b.addEventListener("click", () => { el.code.hidden = true; follow(jid, (j && j.prompt) || "", Date.now()); el.status.focus(); });
      li.append(words + " ", b);
      rows.push(li);
    };
    const parent = job.edited_from || "";
    if (parent) {
      let p = find(parent);
      if (!p) { try { p = await api("GET", "/jobs/" + encodeURIComponent(parent)); } catch (e) { p = null; } }
      row("This song, edited from", parent, p);
    }
    if (fam[id]) row("This song, rendered from the recipe of", fam[id], find(fam[id]));
    if (job.collection_id) { // the other pieces of its collection (count)
      const pieces = history.items.filter((x) => x.collection_id === job.collection_id && x.job_id !== id);
      pieces.sort((a, b) => a.collection_index - b.collection_index);
      for (const p of pieces) row("Piece " + (p.collection_index + 1) + " of the same prompt:", p.job_id, p);
    }
    for (const j of history.items) {
      if (j.job_id === id) continue;
      if (j.edited_from === id) row("Edited into", j.job_id, j);
      else if (fam[j.job_id] === id) row("Rendered again from its recipe as", j.job_id, j);
    }
    if (!current || current.id !== id) return;
    el.familyList.replaceChildren(...rows);
    el.family.hidden = rows.length === 0;
  }
  function showSong(r, job) {
    el.title.textContent = r.title;
    el.meta.textContent = [fmtDuration(r.duration), Math.round(r.bpm) + " bpm", r.tags].join(" · ");
    el.cover.src = r.image_url;
    el.cover.alt = "Cover art of “" + r.title + "”";
    el.player.src = r.song_url;
    el.player.setAttribute("aria-label", "Play “" + r.title + "”");
    link(el.dlSong, r.song_url, fileName(r.title, "song") + "." + extOf(r.song_url, "mp3"));
    link(el.dlCover, r.image_url, fileName(r.title, "cover") + "." + extOf(r.image_url, "jpg"));
    shown = { id: current ? current.id : "", result: r, prompt: current ? current.prompt : "" };
    showRights(r);
    showOutputs(r);
    showWebhook(job, current && current.id);
    el.family.hidden = true;
    if (current) showFamily(current.id, job || {});
    el.song.hidden = false;
    view.show(r);
  }

  el.status.tabIndex = -1;
  showKeyState();
  renderRecent();
  loadHistory(false);
})();

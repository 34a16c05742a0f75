// Songsmith playground: plain JavaScript, same origin as the API, no build.
"use strict";
(function () {
  const KEY = "songsmith.key", JOBS = "songsmith.jobs", MAX_JOBS = 20;
  const FIRST_POLL = 2000, MAX_POLL = 10000; // ms: every ~2 s, backing off to 10 s
  const $ = (id) => document.getElementById(id);
  const el = {
    keyForm: $("key-form"), key: $("key"), keyState: $("key-state"), keyForget: $("key-forget"),
    form: $("prompt-form"), prompt: $("prompt"), generate: $("generate"),
    status: $("status"), elapsed: $("elapsed"), jobId: $("job-id"), error: $("error"),
    song: $("song"), cover: $("cover"), title: $("song-title"), meta: $("song-meta"), player: $("player"),
    dlSong: $("download-song"), dlCover: $("download-cover"),
    recent: $("recent"), recentEmpty: $("recent-empty"), recentClear: $("recent-clear"),
    cancel: $("cancel"),
  };

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
  el.keyForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const k = el.key.value.trim();
    if (!k) { el.key.focus(); return; }
    store.set(KEY, k);
    showKeyState();
    el.prompt.focus();
  });
  el.keyForget.addEventListener("click", () => { store.del(KEY); showKeyState(); el.key.focus(); });

  // --- API -----------------------------------------------------------------
  class APIError extends Error {
    constructor(status, body, retryAfter) {
      super((body && body.message) || ("HTTP " + status));
      this.status = status; this.code = body && body.error; this.retryAfter = retryAfter;
    }
  }
  async function api(method, path, body, headers) {
    const h = Object.assign({ "Authorization": "Bearer " + apiKey() }, headers || {});
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

  // --- recent jobs -----------------------------------------------------------
  function jobs() { return store.get(JOBS, []); }
  function saveJob(j) {
    const list = jobs().filter((x) => x.id !== j.id);
    list.unshift(j);
    store.set(JOBS, list.slice(0, MAX_JOBS));
    renderRecent();
  }
  function updateJob(id, patch) {
    const list = jobs();
    const j = list.find((x) => x.id === id);
    if (!j) return;
    Object.assign(j, patch);
    store.set(JOBS, list);
    renderRecent();
  }
  function renderRecent() {
    const list = jobs();
    el.recent.replaceChildren();
    el.recentEmpty.hidden = list.length > 0;
    el.recentClear.hidden = list.length === 0;
    for (const j of list) {
      const li = document.createElement("li");
      const what = document.createElement("div");
      what.className = "what";
      const name = document.createElement("div");
      name.className = "name";
      name.textContent = j.title || j.prompt;
      name.title = j.prompt;
      const st = document.createElement("div");
      st.className = "state";
      st.textContent = j.status + " · " + new Date(j.submitted).toLocaleString();
      what.append(name, st);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "secondary";
      b.textContent = j.status === "running" ? "Check" : "Open";
      b.setAttribute("aria-label", b.textContent + ": " + (j.title || j.prompt));
      b.addEventListener("click", () => { follow(j.id, j.prompt, j.submitted); el.status.focus(); });
      li.append(what, b);
      el.recent.append(li);
    }
  }
  el.recentClear.addEventListener("click", () => { store.del(JOBS); renderRecent(); el.prompt.focus(); });

  // --- submit ------------------------------------------------------------------
  // options reads the options form: one member per filled-in field, named
  // and typed (data-type) as the rows of the server's table of options.
  function options() {
    const body = {};
    for (const f of document.querySelectorAll("#options [name]")) {
      if (f.dataset.type === "array") {
        if (f.checked) (body[f.name] = body[f.name] || []).push(f.value);
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
    startTicker();
    let backoff = 5;
    try {
      for (;;) {
        setStatus("Submitting…", "submitting");
        try {
          const ack = await api("POST", "/generate", Object.assign({ prompt }, options()), { "Idempotency-Key": idem });
          saveJob({ id: ack.job_id, prompt, status: "running", submitted: started });
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
  // with the error "canceled".
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
    setError("");
    el.song.hidden = true;
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
          updateJob(id, { status: "expired" });
          fail(new Error("This job no longer exists (it may have expired)."));
          return;
        }
        fail(e);
        return;
      }
      if (current.token !== token) return;
      if (job.status === "running") {
        el.cancel.hidden = false;
        if (announced !== "running") { setStatus("Running: composing and rendering.", "running"); announced = "running"; }
        tick();
        await sleep(delay);
        delay = Math.min(Math.round(delay * 1.5), MAX_POLL);
        continue;
      }
      current.done = true;
      el.cancel.hidden = true;
      tick();
      const took = secondsBetween(job.started_at, job.finished_at);
      if (took !== null) el.elapsed.textContent = took < 1 ? "Took under a second." : "Took " + took + " s.";
      if (job.status === "completed") {
        const r = job.result;
        updateJob(id, { status: "completed", title: r.title });
        showSong(r);
        setStatus("Completed: “" + r.title + "” is ready to play.", "completed");
      } else {
        updateJob(id, { status: "failed" });
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
  function showSong(r) {
    el.title.textContent = r.title;
    el.meta.textContent = [fmtDuration(r.duration), Math.round(r.bpm) + " bpm", r.tags].join(" · ");
    el.cover.src = r.image_url;
    el.cover.alt = "Cover art of “" + r.title + "”";
    el.player.src = r.song_url;
    el.player.setAttribute("aria-label", "Play “" + r.title + "”");
    link(el.dlSong, r.song_url, (r.title || "song").replace(/[^\w\- ]+/g, "") + "." + extOf(r.song_url, "mp3"));
    link(el.dlCover, r.image_url, (r.title || "cover").replace(/[^\w\- ]+/g, "") + "." + extOf(r.image_url, "jpg"));
    el.song.hidden = false;
  }

  el.status.tabIndex = -1;
  showKeyState();
  renderRecent();
})();

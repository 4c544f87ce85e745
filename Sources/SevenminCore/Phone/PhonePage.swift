// SPDX-License-Identifier: GPL-3.0-or-later
/// The phone's page: one self-contained HTML file, nothing loaded from anywhere else. It takes the token
/// from its address's fragment, trades it once for a cookie and takes it out of the address bar, then
/// follows the workout's event stream, counting down by itself from each segment's end, and sends its
/// buttons back as POSTs. A tap starts it, and keeps the phone's screen on while it shows: a muted video
/// it records itself from a canvas, looping, as NoSleep does (the Wake Lock API needs HTTPS).
public enum PhonePage {
    /// The page's layout. Its colours are the plan's, set by the script: none is chosen here.
    static let style = """
        *{box-sizing:border-box}[hidden]{display:none!important}\
        html,body{margin:0;height:100%;font-family:system-ui,sans-serif;-webkit-user-select:none;user-select:none}\
        body{display:flex;flex-direction:column;background:#000;color:#fff}\
        #start{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:#000;\
        z-index:3}\
        #start button{font-size:8vmin;padding:6vmin 10vmin;border-radius:4vmin;border:0;background:#fff;color:#000}\
        header{padding:2vmin 4vmin;font-size:4.5vmin;text-align:right}\
        h1{margin:0 4vmin;font-size:9vmin;line-height:1.1;text-align:center}\
        #counter{margin:1vmin 4vmin 0;font-size:5vmin;text-align:center;min-height:6vmin}\
        #clock{font-size:min(28vmin,calc(120vw / var(--n,4)));font-weight:700;text-align:center;\
        font-variant-numeric:tabular-nums;line-height:1}\
        #figure{flex:1;min-height:0;width:100%}#figure line,#figure circle{stroke:currentColor;\
        stroke-width:.035;stroke-linecap:round;fill:none}\
        #next{text-align:center;font-size:5vmin;min-height:6vmin;padding:1vmin 4vmin}\
        #next.big{font-size:9vmin;font-weight:700;padding:2vmin 4vmin}\
        #bar{height:2vmin;margin:0 4vmin}#fill{height:100%;width:0}\
        nav{display:flex;gap:3vmin;padding:3vmin 4vmin 5vmin}\
        nav button{flex:1;min-height:20vmin;min-width:48px;font-size:6vmin;border:0;border-radius:3vmin}\
        nav #pause,nav #done{flex:1.6;font-weight:700}\
        #end{flex:1;display:flex;flex-direction:column;justify-content:center;gap:3vmin;padding:4vmin;\
        text-align:center}\
        #end h1{font-size:10vmin}#end p{margin:0;font-size:6vmin}\
        #rating{display:grid;grid-template-columns:repeat(5,1fr);gap:2vmin}\
        #rating button{min-height:16vmin;min-width:48px;font-size:7vmin;font-weight:700;border:0;border-radius:2vmin}\
        #paused,#lost{position:fixed;left:0;right:0;top:50%;transform:translateY(-50%);margin:0;padding:3vmin 4vmin;\
        text-align:center;font-weight:700;line-height:1.15;z-index:2}\
        #paused{font-size:min(28vmin,23vw)}\
        #lost{font-size:11vmin;padding:5vmin 4vmin;background:#b00;color:#fff}\
        body.lost #clock,body.lost #figure,body.lost h1,body.paused #clock,body.paused #figure,\
        body.paused h1{opacity:.3}\
        @media (orientation:landscape){body{padding-left:50vw}\
        #figure{position:fixed;left:0;top:0;width:50vw;height:100%}#clock{flex:1;display:flex;align-items:center;\
        justify-content:center;font-size:min(28vmin,calc(60vw / var(--n,4)))}nav button{font-size:min(6vmin,3.2vw)}\
        body.over{padding-left:0}}\
        video{position:fixed;width:1px;height:1px;opacity:0}
        """

    /// The page's script: it shows what the plan and the states say, in the plan's words and colours, counting
    /// down by the plan's rule and easing the figure by the plan's easing.
    static let script = """
        "use strict";
        const $ = (id) => document.getElementById(id);
        let plan = null, state = null, endsAt = 0, countedAt = 0, source = null, over = false;
        // When the stream was last heard from (any event, the heartbeat included), and last tried again.
        let heard = 0, tried = 0, lost = false, dropped = false, attempt = 0;
        const token = location.hash.slice(1);
        // The token never stays in the address bar, the history or a bookmark.
        if (token) history.replaceState(null, "", location.pathname);
        // The countdown as the terminal writes it, by the plan's rule.
        function clock(s) {
          const rule = plan.clock, whole = Math.ceil(Math.max(0, s) - rule.tolerance);
          const two = (v) => String(v).padStart(2, "0");
          return s >= rule.hoursFrom
            ? Math.floor(whole / 3600) + ":" + two(Math.floor(whole / 60) % 60) + ":" + two(whole % 60)
            : Math.floor(whole / 60) + ":" + two(whole % 60);
        }
        function seconds() {
          if (!state || state.ended) return 0;
          if (state.remaining === null) {
            return state.counted + (state.paused ? 0 : (performance.now() - countedAt) / 1000);
          }
          return state.paused ? state.remaining : (endsAt - performance.now()) / 1000;
        }
        function words() {
          const w = plan.words;
          $("back").textContent = w.back; $("skip").textContent = w.skip; $("go").textContent = w.start;
          $("done").textContent = w.done; $("paused").textContent = w.paused;
          document.documentElement.lang = plan.language;
        }
        function paint(c) {
          document.body.style.background = c.background; document.body.style.color = c.text;
          for (const b of document.querySelectorAll("nav button, #rating button")) {
            b.style.background = c.button; b.style.color = c.buttonText;
          }
          for (const id of ["pause", "done", "paused"]) {
            $(id).style.background = c.strong; $(id).style.color = c.strongText;
          }
          $("bar").style.background = c.button; $("fill").style.background = c.text;
        }
        function show() {
          if (!plan || !state || over || state.ended) return;
          const w = plan.words, seg = plan.segments[state.segment], c = seg.colors, rest = seg.kind !== "work";
          $("title").textContent = seg.title; $("counter").textContent = seg.counter;
          $("position").textContent = seg.position;
          $("next").textContent = seg.next ? w.next + w.colon + seg.next : rest ? w.next + w.colon + w.finished : "";
          $("next").classList.toggle("big", rest);
          $("next").style.background = rest ? c.band : ""; $("next").style.color = rest ? c.bandText : "";
          $("pause").textContent = state.paused ? w.resume : w.pause;
          $("done").hidden = seg.reps === null;
          paint(c);
          $("figure").style.color = c.figure;
          $("paused").hidden = !state.paused; document.body.classList.toggle("paused", state.paused);
        }
        // The workout over: its summary and, while asked, the rating's buttons; nothing live any more.
        function end(e) {
          over = true; document.body.classList.add("over");
          // An attribute, not the property, which an SVG element lacks.
          for (const id of ["clock", "figure", "next", "bar", "counter", "position", "paused"]) {
            $(id).setAttribute("hidden", "");
          }
          $("controls").hidden = true; $("title").hidden = true; document.body.classList.remove("paused");
          $("end").hidden = false; $("endTitle").textContent = e.title; $("endLine").textContent = e.line || "";
          $("question").textContent = e.question || ""; $("rating").hidden = !e.question;
          if (!$("rating").firstChild) {
            for (let n = 1; n <= 10; n++) {
              const b = document.createElement("button");
              b.textContent = n; b.onclick = () => send("/rate/" + n); $("rating").append(b);
            }
          }
          paint(plan.finish);
        }
        // The pose `t` seconds into the move: its keyframes, eased from one to the next by the plan's easing.
        function pose(figure, t) {
          const n = figure.keyframes.length;
          let a = figure.keyframes[0], b = a, f = 0;
          if (n > 1 && figure.period > 0 && isFinite(t)) {
            const cycle = (t / figure.period) % 1, position = (cycle < 0 ? cycle + 1 : cycle) * n;
            const k = Math.min(n - 1, Math.floor(position)), x = position - k;
            f = plan.easing.reduceRight((sum, c) => sum * x + c, 0);
            a = figure.keyframes[k]; b = figure.keyframes[(k + 1) % n];
          }
          return a.map((v, i) => v + (b[i] - v) * f);
        }
        function draw() {
          const svg = $("figure");
          const seg = plan && state && !state.ended ? plan.segments[state.segment] : null;
          const figure = seg && seg.figure !== null ? plan.figures[seg.figure] : null;
          if (!figure) { svg.replaceChildren(); return; }
          const length = seg.length, left = seconds();
          const t = state.remaining === null ? left : Math.max(0, length - left);
          const p = pose(figure, t), ns = "http://www.w3.org/2000/svg", parts = [];
          const line = (x1, y1, x2, y2) => {
            const l = document.createElementNS(ns, "line");
            l.setAttribute("x1", x1); l.setAttribute("y1", y1); l.setAttribute("x2", x2); l.setAttribute("y2", y2);
            parts.push(l);
          };
          for (const [i, j] of figure.bones) line(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1]);
          for (const q of figure.props) line(q[0], q[1], q[2], q[3]);
          const head = document.createElementNS(ns, "circle");
          head.setAttribute("cx", p[0]); head.setAttribute("cy", p[1]); head.setAttribute("r", 0.07);
          parts.push(head);
          svg.replaceChildren(...parts);
        }
        // Lost: said over the dimmed clock, which stops; dropped with x: said for good.
        function say(text) {
          lost = !!text;
          $("lost").textContent = text || ""; $("lost").hidden = !text; document.body.classList.toggle("lost", lost);
        }
        function hear() { heard = performance.now(); if (lost && !dropped) say(null); }
        function frame() {
          const live = plan && state && !state.ended && !dropped && !over, quiet = performance.now() - heard;
          if (live && quiet > plan.timing.lost * 1000 && !lost) say(plan.words.lost);
          // A stream that failed is tried again at once, one that went quiet once lost; then every so often.
          if (live && (!source || lost) && performance.now() - tried > plan.timing.retry * 1000) begin();
          if (live && !lost) {
            const s = seconds(), seg = plan.segments[state.segment];
            const shown = clock(s);
            // Its type sized to its length, so "10:00" or "1:00:00" keeps within the screen (or its half).
            $("clock").textContent = shown;
            $("clock").style.setProperty("--n", shown.length);
            const done = state.remaining === null ? seg.offset : seg.offset + seg.length - s;
            $("fill").style.width = Math.min(100, 100 * done / plan.total) + "%";
            draw();
          }
          requestAnimationFrame(frame);
        }
        function listen() {
          const mine = new EventSource("/events");
          source = mine;
          mine.addEventListener("plan", (e) => { plan = JSON.parse(e.data); words(); hear(); show(); });
          mine.addEventListener("beat", hear);
          mine.addEventListener("state", (e) => {
            state = JSON.parse(e.data);
            endsAt = performance.now() + (state.remaining || 0) * 1000; countedAt = performance.now();
            hear(); show();
          });
          // The end: with the rating asked, the stream stays for the answer; else the server closes.
          mine.addEventListener("end", (e) => {
            const told = JSON.parse(e.data);
            hear(); end(told);
            if (!told.question) mine.close();
          });
          mine.addEventListener("dropped", () => { dropped = true; mine.close(); say(plan.words.dropped); });
          // Closed or failed: tried again on the next frame.
          mine.onerror = () => { mine.close(); if (source === mine) source = null; };
        }
        // A new stream, the old one closed: the token traded again first (a phone gone long enough has lost its
        // place), which the server refuses once x made a new code.
        async function begin() {
          const mine = ++attempt;
          tried = performance.now();
          if (source) source.close();
          source = null;
          if (token) {
            const answer = await fetch("/session", {method: "POST", headers: {"X-Sevenmin-Token": token}})
              .catch(() => null);
            if (mine !== attempt) return;
            if (answer && answer.status === 403) {
              dropped = true; say(plan ? plan.words.dropped : "403"); return;
            }
            if (answer && !answer.ok) { say(answer.status + " " + answer.statusText); return; }
          }
          listen();
        }
        function send(path) { fetch(path, {method: "POST"}); }
        $("pause").onclick = () => send("/pause");
        $("skip").onclick = () => send("/skip");
        $("back").onclick = () => send("/back");
        $("done").onclick = () => send("/done");
        // The screen kept on: a muted looping video recorded here from a canvas, since one that plays keeps a
        // phone awake where the Wake Lock API is not offered (plain http).
        $("go").onclick = () => {
          $("start").hidden = true;
          const canvas = document.createElement("canvas");
          canvas.width = 16; canvas.height = 16;
          const pen = canvas.getContext("2d");
          pen.fillRect(0, 0, 16, 16);
          if (!canvas.captureStream || !window.MediaRecorder) return;
          const stream = canvas.captureStream(4), recorder = new MediaRecorder(stream), chunks = [];
          const repaint = setInterval(() => { pen.fillStyle = pen.fillStyle === "#000000" ? "#010101" : "#000000";
                                              pen.fillRect(0, 0, 16, 16); }, 250);
          recorder.ondataavailable = (e) => chunks.push(e.data);
          recorder.onstop = () => {
            clearInterval(repaint);
            const video = $("keep");
            video.src = URL.createObjectURL(new Blob(chunks, {type: recorder.mimeType}));
            video.play().catch(() => {});
          };
          recorder.start();
          setTimeout(() => recorder.stop(), 1000);
        };
        begin();
        requestAnimationFrame(frame);
        """

    static let body = """
        <div id="start"><button id="go">&#9654;</button></div>
        <header id="position"></header>
        <h1 id="title"></h1>
        <p id="counter"></p>
        <div id="clock">0:00</div>
        <svg id="figure" viewBox="-0.15 -0.1 1.3 1.15" preserveAspectRatio="xMidYMid meet"></svg>
        <div id="next"></div>
        <div id="bar"><div id="fill"></div></div>
        <nav id="controls"><button id="back"></button><button id="pause"></button><button id="done" hidden></button>\
        <button id="skip"></button></nav>
        <section id="end" hidden><h1 id="endTitle"></h1><p id="endLine"></p><p id="question"></p>\
        <div id="rating"></div></section>
        <p id="paused" hidden></p>
        <p id="lost" hidden></p>
        <video id="keep" muted loop playsinline></video>
        """

    /// The page, whole.
    public static let html = """
        <!doctype html>
        <html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="referrer" content="no-referrer"><title>sevenmin</title>
        <style>\(style)</style></head>
        <body>
        \(body)
        <script>\(script)</script>
        </body></html>

        """

    /// The headers every answer carries: no Referer, nothing cached, and a policy that lets the page load
    /// nothing from anywhere else, and run no script or style but its own (by their SHA-256).
    public static let headers: [(String, String)] = [
        ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "default-src 'self'; script-src '\(hash(script))'; style-src '\(hash(style))'; "
            + "media-src blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    ]

    /// A CSP source for `text`: `sha256-` and its digest in base64.
    static func hash(_ text: String) -> String {
        let hex = Array(ContentHash.sha256(Array(text.utf8)).utf8)
        func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 87 }
        let bytes = stride(from: 0, to: hex.count, by: 2).map { nibble(hex[$0]) << 4 | nibble(hex[$0 + 1]) }
        return "sha256-" + Base64.encode(bytes, alphabet: Base64.standard, padded: true)
    }
}

/// Base64 (RFC 4648), for the page's hashes and the phone's token.
enum Base64 {
    static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    static let url = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func encode(_ bytes: [UInt8], alphabet: [Character], padded: Bool) -> String {
        var out = "", bits = 0, value = 0
        for byte in bytes {
            value = (value << 8 | Int(byte)) & 0xFFFF
            bits += 8
            while bits >= 6 {
                bits -= 6
                out.append(alphabet[(value >> bits) & 63])
            }
        }
        if bits > 0 { out.append(alphabet[(value << (6 - bits)) & 63]) }
        while padded, out.count % 4 != 0 { out.append("=") }
        return out
    }
}

// The keyboard's result box on the round desk.
//
// Enter queues what was typed and empties the box at once, before the next key
// arrives; the queue is sent in order, one entry at a time, and a reply never
// touches the box. So an arbiter typing ahead loses no keystroke and no entry
// lands on another board. Without JavaScript the form posts and the page reloads.
(function () {
  "use strict";

  function csrfToken(form) {
    const field = form.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function showQueue(form, queue) {
    const counter = form.querySelector("#entry-queue");
    if (counter) {
      counter.textContent = queue.length ? counter.dataset.waiting + " " + queue.join(" · ") : "";
    }
  }

  // An entry the server did not take (an expired session, a server error) stays in
  // sight under the box until the arbiter dismisses it: typed, never silently lost.
  function keepUnsent(form, text, status) {
    const list = document.getElementById("corrections");
    if (!list) return;
    const item = document.createElement("div");
    item.className = "correction unsent";
    item.setAttribute("role", "alert");
    const message = document.createElement("span");
    message.textContent = form.dataset.unsent + " “" + text + "” (HTTP " + status + ") ";
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "link";
    dismiss.setAttribute("data-dismiss-correction", "");
    dismiss.textContent = "×";
    item.append(message, dismiss);
    list.prepend(item);
  }

  function setUp(form) {
    if (form.dataset.queueReady) return;
    form.dataset.queueReady = "1";
    const input = form.querySelector("input[name=entry]");
    const queue = [];
    let sending = false;

    async function send(text) {
      const body = new URLSearchParams({ csrfmiddlewaretoken: csrfToken(form), entry: text });
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(form.action, {
            method: "POST",
            body: body,
            headers: { "HX-Request": "true", "X-CSRFToken": csrfToken(form) },
            credentials: "same-origin",
          });
          return { ok: response.ok, status: response.status, html: await response.text() };
        } catch (networkError) {
          // Keep the entry: wait and try again, in order.
          await new Promise((resolve) => setTimeout(resolve, Math.min(500 * (attempt + 1), 5000)));
        }
      }
    }

    async function drain() {
      if (sending) return;
      sending = true;
      form.dataset.busy = "1";
      try {
        while (queue.length) {
          showQueue(form, queue.slice(1));
          const reply = await send(queue[0]);
          const feedback = document.getElementById("entry-feedback");
          if (reply.ok && feedback) {
            htmx.swap(feedback, reply.html, { swapStyle: "outerHTML" });
          } else {
            keepUnsent(form, queue[0], reply.status);
          }
          queue.shift();
        }
        showQueue(form, queue);
      } finally {
        sending = false;
        form.dataset.busy = "";
      }
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const text = input.value.trim();
      input.value = "";
      if (!text) return;
      queue.push(text);
      showQueue(form, queue);
      drain();
    });
  }

  document.addEventListener("click", function (event) {
    const dismiss = event.target.closest("[data-dismiss-correction]");
    if (dismiss) dismiss.closest(".correction").remove();
  });

  htmx.onLoad(function (root) {
    if (root.matches && root.matches("form[data-quick-entry]")) setUp(root);
    root.querySelectorAll && root.querySelectorAll("form[data-quick-entry]").forEach(setUp);
  });
})();

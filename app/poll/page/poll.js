(function () {
  'use strict';
  var words = JSON.parse(document.getElementById('words').textContent);

  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private browsing: for this visit only */ }
  }
  function $(id) { return document.getElementById(id); }

  // This phone, for its vote and nothing else: random, kept in the browser.
  var student = stored('lockstock.student');
  if (!/^[0-9a-f]{32}$/.test(student || '')) {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    student = '';
    for (var i = 0; i < bytes.length; ++i)
      student += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    store('lockstock.student', student);
  }
  var picked = stored('lockstock.language');   // the student's own choice, else the class's
  var state = null;                             // what the poll last said
  var pending = null;                           // a vote the poll has not confirmed: {q, r, vote}
  var socket = null;
  var link = 'connecting';                      // connecting, open or lost
  var lostSince = 0;
  var retryMs = 500;
  var retryTimer = 0;

  function language() {
    if (picked === 'en' || picked === 'zh_CN') return picked;
    if (state && (state.lang === 'en' || state.lang === 'zh_CN')) return state.lang;
    return /^zh/i.test(navigator.language || '') ? 'zh_CN' : 'en';
  }
  function word(key) {
    var args = arguments;
    return words[language()][key].replace(/%(\d)/g, function (m, n) { return String(args[+n]); });
  }
  function pick(text) { return text ? (text[language()] || text.en || '') : ''; }
  function percent(n, total) { return total > 0 ? Math.round(100 * n / total) : 0; }
  function sum(list) { var s = 0; for (var i = 0; i < list.length; ++i) s += list[i]; return s; }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = 0;
    var path = location.pathname.replace(/\/+$/, '');
    var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path + '/ws?s=' + student);
    socket = ws;
    ws.onopen = function () {
      link = 'open';
      lostSince = 0;
      retryMs = 500;
      send();
      render();
    };
    ws.onmessage = function (event) {
      var next;
      try { next = JSON.parse(event.data); } catch (e) { return; }
      state = next;
      var q = state.question;
      if (pending && (!q || q.id !== pending.q || q.round !== pending.r || !q.open || state.mine === pending.vote))
        pending = null;   // counted, or its round is over
      render();
    };
    ws.onclose = function () {
      if (socket !== ws) return;
      socket = null;
      link = 'lost';
      if (!lostSince) lostSince = Date.now();
      render();
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(2 * retryMs, 5000);
    };
  }
  // A phone waking up tries at once.
  function reconnectNow() {
    if (!socket && !document.hidden) { retryMs = 500; connect(); }
  }
  document.addEventListener('visibilitychange', reconnectNow);
  window.addEventListener('online', reconnectNow);

  function send() {
    if (pending && socket && socket.readyState === 1) socket.send(JSON.stringify(pending));
  }
  function vote(index) {
    var q = state && state.question;
    if (!q || !q.open) return;
    pending = {q: q.id, r: q.round, vote: index};
    send();
    render();
  }

  var languageButtons = document.querySelectorAll('#languages button');
  for (var b = 0; b < languageButtons.length; ++b) {
    languageButtons[b].addEventListener('click', function (event) {
      picked = event.currentTarget.getAttribute('data-language');
      store('lockstock.language', picked);
      render();
    });
  }

  function choiceButton(q, index, mine) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'choice';
    button.setAttribute('data-choice', String(index));
    button.setAttribute('aria-pressed', mine === index ? 'true' : 'false');
    button.disabled = !q.open;
    var label = document.createElement('span');
    label.className = 'label';
    label.textContent = pick(q.choices[index]);
    button.appendChild(label);
    if (q.revealed) {
      button.className += index === q.right ? ' right' : ' wrong';
      // Each round's share, first to last: "31 % → 78 %".
      var bars = document.createElement('span');
      bars.className = 'bars';
      var shares = [];
      for (var r = 0; r < q.rounds.length; ++r) {
        var share = percent(q.rounds[r][index], sum(q.rounds[r]));
        var bar = document.createElement('span');
        bar.className = r === q.rounds.length - 1 ? 'bar last' : 'bar';
        bar.style.width = share + '%';
        bars.appendChild(bar);
        shares.push(word('percent', share));
      }
      button.appendChild(bars);
      var last = q.rounds[q.rounds.length - 1][index];
      var text = document.createElement('span');
      text.className = 'shares';
      text.textContent = shares.join(' → ') + ' · ' + (last === 1 ? word('oneVote') : word('votes', last));
      button.setAttribute('data-shares', shares.join(' → '));
      button.appendChild(text);
    }
    button.addEventListener('click', function () { vote(index); });
    return button;
  }

  function render() {
    var lang = language();
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
    document.title = word('title') + ' · LockStock';
    $('languages').setAttribute('aria-label', word('language'));
    for (var i = 0; i < languageButtons.length; ++i)
      languageButtons[i].setAttribute('aria-pressed', languageButtons[i].getAttribute('data-language') === lang ? 'true' : 'false');
    document.body.setAttribute('data-link', link);
    var status = link === 'connecting' ? word('connecting')
               : link === 'lost' ? (Date.now() - lostSince > 30000 ? word('gone') : word('reconnecting')) : '';
    var q = state && state.question;
    document.body.setAttribute('data-state', !state ? 'connecting' : !state.text ? 'idle' : !q ? 'waiting'
                                             : q.revealed ? 'revealed' : q.open ? 'open' : 'closed');
    if (state && !state.text && !status) status = word('noLesson');
    else if (state && state.text && !q && !status) status = word('waiting');
    $('status').textContent = status;
    if (!state) return;
    $('lesson').textContent = pick(state.lesson);
    document.body.setAttribute('data-side', state.side || '');
    $('frame').hidden = !state.text;
    if (state.text) {
      $('step').textContent = (state.side === 'correct' ? word('fix') : word('broken')) + ' · ' + word('frame', state.frame, state.frames);
      $('text').textContent = pick(state.text);
    }
    $('question').hidden = !q;
    if (!q) return;
    var mine = pending ? pending.vote : state.mine;
    $('ask').textContent = pick(q.text);
    var choices = $('choices');
    while (choices.firstChild) choices.removeChild(choices.firstChild);
    for (var c = 0; c < q.choices.length; ++c)
      choices.appendChild(choiceButton(q, c, mine));
    $('note').textContent = q.revealed ? ''
                          : !q.open ? word('closed')
                          : mine >= 0 ? (pending && link !== 'open' ? word('sending') : word('voted'))
                          : q.round > 1 ? word('again', q.round) : word('tap');
    $('answer').hidden = !q.revealed;
    if (q.revealed) {
      $('right').textContent = word('right', pick(q.choices[q.right]));
      $('yours').textContent = mine < 0 || mine === undefined ? '' : mine === q.right ? word('youRight') : word('youWrong', pick(q.choices[mine]));
    }
  }

  // "Reconnecting…" turns into advice once it has lasted.
  setInterval(function () { if (link === 'lost') render(); }, 5000);
  render();
  connect();
})();

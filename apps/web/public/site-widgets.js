/*
 * Third-party pieces of the public pages (spec §9, DESIGN §5.5), added by the server to a light page
 * (trace, news, FAQs, information security) only when the platform's administrator set them
 * (/general-setting). Our own file, so no inline script is needed; the settings come as data-*
 * attributes of this script's tag, already checked against each service's format by the server:
 *   data-ga               Google Analytics 4 measurement id (the Google tag itself is loaded by the page)
 *   data-zalo-oa          Zalo Official Account id: the Zalo chat widget
 *   data-zalo-welcome     its welcome message in the page's language
 *   data-messenger        an https://m.me/<page> link (Meta ended the Messenger chat plugin in 2024)
 *   data-messenger-label  the link's accessible name in the page's language
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var d = me.dataset;

  if (d.ga) {
    window.dataLayer = window.dataLayer || [];
    var gtag = function () {
      window.dataLayer.push(arguments);
    };
    window.gtag = window.gtag || gtag;
    gtag('js', new Date());
    gtag('config', d.ga);
  }

  if (d.zaloOa) {
    var widget = document.createElement('div');
    widget.className = 'zalo-chat-widget';
    widget.setAttribute('data-oaid', d.zaloOa);
    widget.setAttribute('data-welcome-message', d.zaloWelcome || '');
    widget.setAttribute('data-autopopup', '0');
    document.body.appendChild(widget);
    var sdk = document.createElement('script');
    sdk.src = 'https://sp.zalo.me/plugins/sdk.js';
    sdk.async = true;
    document.body.appendChild(sdk);
  }

  if (d.messenger && /^https:\/\/m\.me\/[A-Za-z0-9.%]+$/.test(d.messenger)) {
    var link = document.createElement('a');
    link.href = d.messenger;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.setAttribute('aria-label', d.messengerLabel || 'Messenger');
    link.title = d.messengerLabel || 'Messenger';
    link.setAttribute('data-testid', 'messenger-link');
    // Above the Zalo bubble when both are there.
    link.style.cssText =
      'position:fixed;right:20px;bottom:' +
      (d.zaloOa ? '96px' : '20px') +
      ';z-index:2147483000;width:52px;height:52px;border-radius:50%;background:#0866ff;' +
      'display:flex;align-items:center;justify-content:center;box-shadow:0 2px 8px rgba(0,0,0,.25)';
    link.innerHTML =
      '<svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="#fff">' +
      '<path d="M12 2C6.36 2 2 6.13 2 11.7c0 2.91 1.19 5.44 3.14 7.17.16.14.26.35.27.57l.05 1.78a.8.8 0 0 0 1.12.71' +
      'l1.99-.88a.8.8 0 0 1 .53-.04c.91.25 1.89.39 2.9.39 5.64 0 10-4.13 10-9.7S17.64 2 12 2zm6 7.46-2.94 4.66a1.5 1.5 0 0 1' +
      '-2.17.4l-2.34-1.75a.6.6 0 0 0-.72 0l-3.16 2.4c-.42.32-.97-.18-.69-.63l2.94-4.66a1.5 1.5 0 0 1 2.17-.4l2.34 1.75a.6.6' +
      ' 0 0 0 .72 0l3.16-2.4c.42-.32.97.18.69.63z"/></svg>';
    var add = function () {
      document.body.appendChild(link);
    };
    if (document.body) add();
    else document.addEventListener('DOMContentLoaded', add);
  }
})();

/*
 * Return Center embed script. Paste into any page of an allowlisted site:
 *   <div id="return-center"></div>
 *   <script src="https://returns.example.com/embed.js" data-shop="your-shop.myshopify.com" async></script>
 * Optional: data-target (CSS selector, default #return-center), data-locale, data-title.
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var origin = new URL(script.src).origin;
  var target = document.querySelector(script.getAttribute('data-target') || '#return-center');
  if (!target) {
    target = document.createElement('div');
    script.parentNode.insertBefore(target, script);
  }
  var params = new URLSearchParams({ from: '1' });
  var shop = script.getAttribute('data-shop');
  if (shop) params.set('shop', shop);
  var frame = document.createElement('iframe');
  frame.src = origin + '/?' + params.toString();
  frame.title = script.getAttribute('data-title') || 'Returns and exchanges';
  frame.style.cssText = 'width:100%;border:0;min-height:640px;display:block';
  frame.setAttribute('allow', 'clipboard-write');
  target.appendChild(frame);

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (typeof data.type !== 'string' || data.type.indexOf('pp_return:') !== 0) return;
    if (data.type === 'pp_return:resize' && data.height > 0) frame.style.height = data.height + 'px';
    if (data.type === 'pp_return:ready') {
      frame.contentWindow.postMessage(
        {
          type: 'pp_return:init',
          direction: document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr',
          locale: script.getAttribute('data-locale') || document.documentElement.lang || undefined,
          href: window.location.href,
        },
        origin,
      );
    }
    target.dispatchEvent(new CustomEvent('return-center:' + data.type.slice(10), { detail: data, bubbles: true }));
  });
})();

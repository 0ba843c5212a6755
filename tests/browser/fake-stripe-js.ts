/**
 * A stand-in for Stripe.js, served by the browser tests in place of Stripe's script (there is
 * no network here). It has the surface the client uses through @stripe/stripe-js and
 * @stripe/react-stripe-js: `Stripe(key)`, `elements({clientSecret})`, a Payment Element that
 * mounts a card-number field, and `confirmPayment`. Paying asks the test, through the page
 * binding `fakeStripePay(paymentIntentId, cardNumber)`, to mark the PaymentIntent paid in the
 * FakeStripe API the product talks to, exactly as a real card would on Stripe's side; the
 * binding answers an error message to decline.
 */
export const FAKE_STRIPE_JS = String.raw`
(function () {
  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
    var mounted = [];
    var clientSecret = '';
    var stripe = this;
    stripe._publishableKey = publishableKey;
    stripe._registerWrapper = function () {};
    stripe.registerAppInfo = function () {};
    stripe.createToken = function () { return Promise.reject(new Error('not supported by the fake')); };
    stripe.createPaymentMethod = function () { return Promise.reject(new Error('not supported by the fake')); };
    stripe.confirmCardPayment = function () { return Promise.reject(new Error('not supported by the fake')); };
    stripe.elements = function (options) {
      clientSecret = (options && options.clientSecret) || '';
      var elements = {
        create: function (type) {
          var handlers = {};
          var node = null;
          var element = {
            mount: function (target) {
              node = typeof target === 'string' ? document.querySelector(target) : target;
              node.innerHTML = '<label style="display:grid;gap:4px">Card number<input data-testid="fake-card-number" inputmode="numeric" autocomplete="cc-number" value=""></label>';
              mounted.push(node);
              setTimeout(function () { (handlers.ready || []).forEach(function (h) { h({ elementType: type }); }); }, 0);
            },
            on: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
            off: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); return element; },
            update: function () {},
            focus: function () {},
            blur: function () {},
            clear: function () {},
            collapse: function () {},
            unmount: function () { if (node) node.innerHTML = ''; },
            destroy: function () { if (node) node.innerHTML = ''; node = null; },
          };
          return element;
        },
        getElement: function () { return null; },
        update: function () {},
        fetchUpdates: function () { return Promise.resolve({}); },
        submit: function () { return Promise.resolve({}); },
      };
      return elements;
    };
    stripe.confirmPayment = function (params) {
      var input = document.querySelector('[data-testid="fake-card-number"]');
      var card = input ? input.value.replace(/\s+/g, '') : '';
      var intentId = clientSecret.split('_secret_')[0];
      if (!params || !params.elements) return Promise.resolve({ error: { type: 'validation_error', message: 'elements missing' } });
      return window.fakeStripePay(intentId, card, params.confirmParams && params.confirmParams.return_url).then(function (declined) {
        if (declined) return { error: { type: 'card_error', message: declined } };
        return { paymentIntent: { id: intentId, status: 'succeeded', client_secret: clientSecret } };
      });
    };
  }
  // The release train @stripe/stripe-js expects, so its loader does not warn.
  Stripe.version = 'clover';
  window.Stripe = Stripe;
})();
`;

/**
 * A stand-in for Stripe.js, served by the browser tests in place of Stripe's script (there is
 * no network here). It has the surface the client uses through @stripe/stripe-js and
 * @stripe/react-stripe-js: `Stripe(key)`, `elements({clientSecret})`, a Payment Element that
 * mounts a card-number field, and `confirmPayment`. Paying does what Stripe.js does: it posts
 * the card to the PaymentIntent's confirm call of the Stripe API (here the local FakeStripe,
 * `apiUrl`) with the publishable key and the client secret, so the decision (paid, declined,
 * refused) is the API's, as on Stripe, and the test only types a card number.
 */
export function fakeStripeJs(apiUrl: string): string {
  return String.raw`
(function () {
  var API = ${JSON.stringify(apiUrl)};
  function form(fields) {
    return Object.keys(fields).filter(function (k) { return fields[k] !== undefined && fields[k] !== null; })
      .map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(fields[k]); }).join('&');
  }
  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
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
      if (!params || !params.elements) return Promise.resolve({ error: { type: 'validation_error', message: 'elements missing' } });
      var input = document.querySelector('[data-testid="fake-card-number"]');
      var card = input ? input.value.replace(/\s+/g, '') : '';
      var intentId = clientSecret.split('_secret_')[0];
      return fetch(API + '/v1/payment_intents/' + intentId + '/confirm', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: form({
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card,
          return_url: params.confirmParams && params.confirmParams.return_url,
        }),
      }).then(function (response) {
        return response.json().then(function (body) {
          if (body.error) return { error: body.error };
          return { paymentIntent: body };
        });
      }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' } };
      });
    };
  }
  // The release train @stripe/stripe-js expects, so its loader does not warn.
  Stripe.version = 'clover';
  window.Stripe = Stripe;
})();
`;
}

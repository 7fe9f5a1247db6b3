/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com/endive/stripe.js by
 * `page.route`, so the browser suite reaches no network. It offers what @stripe/stripe-js
 * and @stripe/react-stripe-js call: `Stripe(key)`, `elements()`, a Payment Element with
 * Stripe's field names, `confirmPayment` and `confirmSetup` (which post the card to
 * https://api.stripe.com, answered by the suite's fake Stripe), and a 3-D Secure dialog
 * like the one Stripe.js opens when the bank asks for it.
 */
export const FAKE_STRIPE_JS = String.raw`
(function () {
  var API = 'https://api.stripe.com/v1/fake-stripe-js';
  function post(path, body) {
    // A simple request (text/plain), as Stripe.js's own calls are to its own API.
    return fetch(API + path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) }).then(function (r) { return r.json(); });
  }
  function field(label, name, autocomplete) {
    return '<label style="display:block;margin:0 0 8px">' + label +
      '<input name="' + name + '" autocomplete="' + autocomplete + '" inputmode="numeric" style="display:block;width:100%;border:1px solid #d1d5db;border-radius:6px;padding:6px"></label>';
  }
  function challenge() {
    // Stripe.js shows the bank's page in a dialog of its own; this one has the same choice.
    return new Promise(function (resolve) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', '3D Secure authentication');
      dialog.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center;z-index:100';
      dialog.innerHTML = '<div style="background:#fff;padding:16px;border-radius:8px;color:#111"><p>Your bank asks you to confirm this payment.</p>' +
        '<button type="button" data-answer="pass">Complete authentication</button> <button type="button" data-answer="fail">Fail authentication</button></div>';
      dialog.addEventListener('click', function (event) {
        var answer = event.target && event.target.getAttribute && event.target.getAttribute('data-answer');
        if (!answer) return;
        dialog.remove();
        resolve(answer === 'pass');
      });
      document.body.appendChild(dialog);
      dialog.querySelector('button').focus();
    });
  }
  function Stripe(publishableKey) {
    var form = null;
    function card() {
      if (!form) return null;
      return form.querySelector('input[name=number]').value;
    }
    function confirm(kind, options) {
      var number = card();
      if (!number) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
      return post('/confirm', { kind: kind, clientSecret: options.clientSecret, card: number }).then(function (answer) {
        if (answer.status !== 'requires_action') return answer;
        return challenge().then(function (passed) { return post('/authenticate', { id: answer.id, passed: passed }); });
      }).then(function (answer) {
        if (answer.error) return { error: answer.error };
        return kind === 'setup' ? { setupIntent: answer.intent } : { paymentIntent: answer.intent };
      });
    }
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      createToken: function () {},
      createPaymentMethod: function () {},
      confirmCardPayment: function () {},
      confirmPayment: function (options) { return confirm('payment', options); },
      confirmSetup: function (options) { return confirm('setup', options); },
      elements: function () {
        return {
          update: function () {},
          submit: function () { return Promise.resolve({}); },
          fetchUpdates: function () { return Promise.resolve({}); },
          getElement: function () { return null; },
          create: function () {
            var listeners = {};
            var node = null;
            var element = {
              mount: function (target) {
                node = typeof target === 'string' ? document.querySelector(target) : target;
                node.innerHTML = '<div data-testid="payment-element">' + field('Card number', 'number', 'cc-number') +
                  field('Expiration date', 'expiry', 'cc-exp') + field('Security code', 'cvc', 'cc-csc') + '</div>';
                form = node;
                setTimeout(function () { (listeners.ready || []).forEach(function (f) { f({ elementType: 'payment' }); }); }, 0);
              },
              on: function (name, f) { (listeners[name] = listeners[name] || []).push(f); return element; },
              off: function (name, f) { listeners[name] = (listeners[name] || []).filter(function (g) { return g !== f; }); return element; },
              update: function () {},
              focus: function () {},
              blur: function () {},
              clear: function () {},
              unmount: function () { if (node) node.innerHTML = ''; },
              destroy: function () { if (node) node.innerHTML = ''; if (form === node) form = null; },
            };
            return element;
          },
        };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

import type { Page } from '@playwright/test'

/**
 * A stand-in for Stripe.js, served to the browser at Stripe's own address (https://js.stripe.com), with
 * only the documented surface our checkout uses:
 * - `Stripe(publishableKey)` and `stripe.elements()` (https://docs.stripe.com/js/initializing,
 *   https://docs.stripe.com/js/elements_object/create);
 * - `elements.create('card', options)`, `element.mount(domElement)`, its `ready` and `change` events,
 *   `update` and `destroy` (https://docs.stripe.com/js/elements_object/create_element?type=card,
 *   https://docs.stripe.com/js/element/mount, https://docs.stripe.com/js/element/events);
 *   `elements.getElement(CardElement)` as React Stripe.js documents it
 *   (https://docs.stripe.com/sdks/stripejs-react, "elements.getElement(CardElement)");
 * - `stripe.confirmCardPayment(clientSecret, {payment_method: {card}, setup_future_usage})` and
 *   `stripe.confirmCardSetup(clientSecret, {payment_method: {card}})`, which resolve to
 *   `{paymentIntent}` / `{setupIntent}` or `{error}` and never reject
 *   (https://docs.stripe.com/js/payment_intents/confirm_card_payment,
 *   https://docs.stripe.com/js/setup_intents/confirm_card_setup).
 *
 * As Stripe.js does, the card is typed into an iframe on Stripe's origin (so the page never reads it),
 * and the confirmation goes from the browser straight to https://api.stripe.com: a form-encoded POST to
 * `/v1/payment_intents/{id}/confirm` (or `/v1/setup_intents/{id}/confirm`) with the publishable key, the
 * intent's `client_secret` and the card as `payment_method_data`. That host is served by the local fake
 * of Stripe's API (tests/server/helpers/fake-stripe.ts), which then sends the signed webhook to our
 * server as Stripe does. 3-D Secure is not part of this fake.
 */
const STRIPE_JS = String.raw`(function () {
  'use strict';
  var ORIGIN = 'https://js.stripe.com';
  var API = 'https://api.stripe.com';
  var frameCount = 0;
  var elementsByFrame = {};

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  // Stripe's form encoding: card[number]=…, payment_method_data[card][exp_month]=…
  function encode(value, prefix, pairs) {
    if (value === undefined || value === null) return pairs;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) {
        encode(value[key], prefix ? prefix + '[' + key + ']' : key, pairs);
      });
    } else {
      pairs.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    }
    return pairs;
  }

  function post(path, params) {
    return fetch(API + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode(params, '', []).join('&'),
    }).then(function (response) {
      return response.json().then(function (body) {
        return { ok: response.ok, body: body };
      });
    });
  }

  function CardElement(group, options) {
    this._group = group;
    this._options = options || {};
    this._handlers = {};
    this._pending = {};
    this._frame = null;
    this._requests = 0;
    this.__elementType = 'card';
  }
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.once = function (event, handler) {
    var self = this;
    function wrapped(payload) {
      self.off(event, wrapped);
      handler(payload);
    }
    return this.on(event, wrapped);
  };
  CardElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) { handler(payload); });
  };
  CardElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw IntegrationError('The selector you specified (' + target + ') applies to no DOM elements.');
    if (this._frame) throw IntegrationError('This Element is already mounted.');
    var name = '__privateStripeFrame' + (++frameCount);
    var frame = document.createElement('iframe');
    frame.name = name;
    frame.title = 'Secure card payment input frame';
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.style.cssText = 'border:none;width:100%;height:44px;display:block;';
    frame.src = ORIGIN + '/v3/elements-inner-card.html#' + encodeURIComponent(JSON.stringify({
      name: name,
      hidePostalCode: !!this._options.hidePostalCode,
    }));
    elementsByFrame[name] = this;
    node.appendChild(frame);
    this._frame = frame;
  };
  CardElement.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  CardElement.prototype.focus = function () { if (this._frame) this._frame.focus(); };
  CardElement.prototype.blur = function () {};
  CardElement.prototype.clear = function () {
    if (this._frame) this._frame.contentWindow.postMessage({ fakeStripe: true, type: 'clear' }, ORIGIN);
  };
  CardElement.prototype.unmount = function () {
    if (this._frame) {
      delete elementsByFrame[this._frame.name];
      this._frame.remove();
      this._frame = null;
    }
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._group._destroyed(this);
  };
  // The card as typed in Stripe's frame, asked for when a confirmation needs it.
  CardElement.prototype._collect = function () {
    var self = this;
    if (!self._frame) return Promise.reject(IntegrationError('The card Element is not mounted.'));
    return new Promise(function (resolve) {
      var requestId = ++self._requests;
      self._pending[requestId] = resolve;
      self._frame.contentWindow.postMessage({ fakeStripe: true, type: 'collect', requestId: requestId }, ORIGIN);
    });
  };

  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN || !event.data || !event.data.fakeStripe) return;
    var element = elementsByFrame[event.data.frame];
    if (!element) return;
    if (event.data.type === 'ready') element._emit('ready', { elementType: 'card' });
    if (event.data.type === 'change') element._emit('change', Object.assign({ elementType: 'card' }, event.data.state));
    if (event.data.type === 'card' && element._pending[event.data.requestId]) {
      element._pending[event.data.requestId](event.data.card);
      delete element._pending[event.data.requestId];
    }
  });

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._byType = {};
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw IntegrationError('This Stripe.js stand-in only offers the card Element, not ' + type + '.');
    if (this._byType.card) throw IntegrationError('Can only create one Element of type card.');
    var element = new CardElement(this, options);
    this._byType.card = element;
    return element;
  };
  Elements.prototype.getElement = function (typeOrComponent) {
    var type = typeof typeOrComponent === 'string' ? typeOrComponent : typeOrComponent && typeOrComponent.__elementType;
    return this._byType[type] || null;
  };
  Elements.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options || {});
  };
  Elements.prototype._destroyed = function (element) {
    if (this._byType.card === element) delete this._byType.card;
  };

  function validationError(code, message) {
    return { error: { type: 'validation_error', code: code, message: message } };
  }

  // The card fields' own checks, made before anything is sent (Elements' validation errors).
  function cardData(card) {
    var number = (card.number || '').replace(/\s/g, '');
    var expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(card.expiry || '');
    if (number.length < 12) return validationError('incomplete_number', 'Your card number is incomplete.');
    if (!expiry) return validationError('incomplete_expiry', "Your card's expiration date is incomplete.");
    if (!/^\d{3,4}$/.test(card.cvc || '')) return validationError('incomplete_cvc', "Your card's security code is incomplete.");
    return { card: { number: number, exp_month: Number(expiry[1]), exp_year: 2000 + Number(expiry[2]), cvc: card.cvc } };
  }

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) {
      throw IntegrationError('Invalid value for Stripe(): apiKey should be a publishable key.');
    }
    this._key = key;
  }
  Stripe.version = 'endive';
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype.createToken = function () {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Tokens are not part of this Stripe.js stand-in.' } });
  };
  Stripe.prototype.createPaymentMethod = function (data) {
    var self = this;
    var card = data && data.card;
    if (!(card instanceof CardElement)) return Promise.reject(IntegrationError('createPaymentMethod: give the card Element.'));
    return card._collect().then(function (typed) {
      var checked = cardData(typed);
      if (checked.error) return checked;
      return post('/v1/payment_methods', { key: self._key, type: 'card', card: checked.card }).then(function (answer) {
        return answer.ok ? { paymentMethod: answer.body } : { error: answer.body.error };
      });
    });
  };
  Stripe.prototype._confirm = function (kind, resultKey, clientSecret, data) {
    var self = this;
    var match = /^((?:pi|seti)_[^_]+)_secret_/.exec(clientSecret || '');
    if (!match) return Promise.reject(IntegrationError('Invalid value for ' + resultKey + ' client secret.'));
    var params = { key: self._key, client_secret: clientSecret };
    var method = (data || {}).payment_method;
    if (data && data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
    var ready = Promise.resolve(null);
    if (typeof method === 'string') {
      params.payment_method = method;
    } else if (method && method.card instanceof CardElement) {
      ready = method.card._collect().then(function (typed) {
        var checked = cardData(typed);
        if (checked.error) return checked;
        params.payment_method_data = { type: 'card', card: checked.card, billing_details: method.billing_details };
        return null;
      });
    }
    return ready.then(function (failed) {
      if (failed) return failed;
      return post('/v1/' + kind + '/' + match[1] + '/confirm', params).then(function (answer) {
        if (!answer.ok) return { error: answer.body.error };
        if (answer.body.status === 'requires_action') {
          return { error: { type: 'invalid_request_error', message: '3-D Secure is not part of this Stripe.js stand-in.' } };
        }
        var result = {};
        result[resultKey] = answer.body;
        return result;
      });
    }, function () {
      return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' } };
    });
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    return this._confirm('payment_intents', 'paymentIntent', clientSecret, data);
  };
  Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
    return this._confirm('setup_intents', 'setupIntent', clientSecret, data);
  };
  window.Stripe = Stripe;
})();`

/**
 * The card Element's frame on Stripe's origin: number, expiry and CVC fields labelled as Stripe labels
 * them, reporting `ready` and `change` to the page and handing the card only to Stripe.js's own request.
 */
const CARD_FRAME = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Secure card payment input frame</title>
<style>body{margin:0;font:16px sans-serif;color:#e9ecef;background:transparent}form{display:flex;gap:8px}
input{background:transparent;border:none;color:inherit;font:inherit;padding:10px 0;outline:none}
input[name=cardnumber]{flex:1}input[name=exp-date]{width:5em}input[name=cvc]{width:3.5em}</style></head>
<body><form>
<input name="cardnumber" autocomplete="cc-number" inputmode="numeric" placeholder="Card number" aria-label="Credit or debit card number">
<input name="exp-date" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY" aria-label="Credit or debit card expiration date">
<input name="cvc" autocomplete="cc-csc" inputmode="numeric" placeholder="CVC" aria-label="Credit or debit card CVC/CVV">
</form>
<script>
(function () {
  var settings = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var fields = document.querySelectorAll('input');
  function value(name) { return document.querySelector('input[name=' + name + ']').value; }
  function send(message) {
    message.fakeStripe = true;
    message.frame = settings.name;
    parent.postMessage(message, '*');
  }
  function brand(number) {
    return /^4/.test(number) ? 'visa' : /^5[1-5]/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : 'unknown';
  }
  fields.forEach(function (field) {
    field.addEventListener('input', function () {
      var number = value('cardnumber').replace(/\s/g, '');
      send({ type: 'change', state: {
        empty: !number && !value('exp-date') && !value('cvc'),
        complete: number.length >= 12 && /^\d{1,2}\s*\/\s*\d{2}$/.test(value('exp-date')) && /^\d{3,4}$/.test(value('cvc')),
        brand: brand(number),
        error: undefined,
        value: { postalCode: '' },
      } });
    });
  });
  window.addEventListener('message', function (event) {
    // Only Stripe.js in the page that framed us may ask for the card.
    if (event.source !== parent || !event.data || !event.data.fakeStripe) return;
    if (event.data.type === 'collect') {
      send({ type: 'card', requestId: event.data.requestId, card: {
        number: value('cardnumber'), expiry: value('exp-date'), cvc: value('cvc'),
      } });
    }
    if (event.data.type === 'clear') fields.forEach(function (field) { field.value = ''; });
  });
  send({ type: 'ready' });
})();
</script></body></html>`

/**
 * Serves Stripe.js and its card frame at https://js.stripe.com, and sends the browser's requests to
 * https://api.stripe.com to the local fake of Stripe's API at `apiUrl`. The page's CSP still applies:
 * a request the policy refuses never reaches these routes.
 */
export async function serveFakeStripe(page: Page, apiUrl: string) {
  await page.route('https://js.stripe.com/**', async (route) => {
    const { pathname } = new URL(route.request().url())
    if (/^\/(v3\/?|(v3|[a-z]+)\/stripe\.js)$/.test(pathname)) {
      return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: STRIPE_JS })
    }
    if (pathname === '/v3/elements-inner-card.html') {
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: CARD_FRAME })
    }
    return route.fulfill({ status: 404, body: 'Not found' })
  })
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url())
    const response = await route.fetch({ url: `${apiUrl}${pathname}${search}` })
    await route.fulfill({ response })
  })
}

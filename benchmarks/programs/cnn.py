"""Small CNN trained from scratch: two 3x3 conv layers (im2col with index arrays + matmul,
col2im with ``np.add.at``), ReLU, 2x2 max-pool, a dense softmax layer, SGD with momentum,
float64.

Size at scale 1: 640 synthetic 12x12 images of 4 stroke classes (80/20 train/test split),
conv 1->6 and 6->8 channels, batch 32, 4 epochs (64 steps).
"""


def make_images(np, rng, n, size=12):
    """Noisy strokes (horizontal, vertical, diagonal, anti-diagonal) at random places."""
    images = rng.normal(0.0, 0.3, size=(n, 1, size, size))
    labels = rng.integers(0, 4, size=n)
    for i in range(n):
        r, c = rng.integers(2, size - 2, size=2)
        length = rng.integers(5, size - 2)
        start = rng.integers(0, size - length + 1)
        steps = np.arange(start, start + length)
        if labels[i] == 0:
            images[i, 0, r, steps] += 1.0
        elif labels[i] == 1:
            images[i, 0, steps, c] += 1.0
        elif labels[i] == 2:
            images[i, 0, steps, steps] += 1.0
        else:
            images[i, 0, steps, size - 1 - steps] += 1.0
    return images, labels


def im2col_indices(np, channels, height, width, kh, kw):
    out_h, out_w = height - kh + 1, width - kw + 1
    i0 = np.tile(np.repeat(np.arange(kh), kw), channels)
    i1 = np.repeat(np.arange(out_h), out_w)
    j0 = np.tile(np.arange(kw), kh * channels)
    j1 = np.tile(np.arange(out_w), out_h)
    i = i0.reshape(-1, 1) + i1.reshape(1, -1)
    j = j0.reshape(-1, 1) + j1.reshape(1, -1)
    k = np.repeat(np.arange(channels), kh * kw).reshape(-1, 1)
    return k, i, j


def conv_forward(np, x, W, b, idx):
    k, i, j = idx
    n, _, h, w = x.shape
    f, _, kh, kw = W.shape
    cols = x[:, k, i, j]                                # (n, C*kh*kw, out_h*out_w)
    out = W.reshape(f, -1) @ cols + b[:, None]          # (n, f, out_h*out_w)
    return out.reshape(n, f, h - kh + 1, w - kw + 1), cols


def conv_backward(np, dout, cols, W, x_shape, idx):
    k, i, j = idx
    n, f = dout.shape[:2]
    dout = dout.reshape(n, f, -1)
    dW = np.sum(dout @ cols.transpose(0, 2, 1), axis=0).reshape(W.shape)
    db = dout.sum(axis=(0, 2))
    dcols = W.reshape(f, -1).T @ dout
    dx = np.zeros(x_shape)
    np.add.at(dx, (slice(None), k, i, j), dcols)
    return dx, dW, db


def maxpool_forward(np, x):
    n, c, h, w = x.shape
    xr = x.reshape(n, c, h // 2, 2, w // 2, 2)
    return xr.max(axis=(3, 5)), xr


def maxpool_backward(np, dout, xr, out):
    mask = xr == out[:, :, :, None, :, None]
    dx = mask * dout[:, :, :, None, :, None]
    n, c, h2, _, w2, _ = xr.shape
    return dx.reshape(n, c, h2 * 2, w2 * 2)


def predict(np, params, x, idx1, idx2):
    a1 = np.maximum(conv_forward(np, x, params["W1"], params["b1"], idx1)[0], 0)
    a2 = np.maximum(conv_forward(np, a1, params["W2"], params["b2"], idx2)[0], 0)
    pooled = maxpool_forward(np, a2)[0]
    return pooled.reshape(len(x), -1) @ params["W3"] + params["b3"]


def run(np, scale: float = 1.0) -> dict:
    np.random.seed(7)
    rng = np.random.default_rng(7)
    n = max(64, int(640 * scale))
    images, labels = make_images(np, rng, n)
    n_train = int(0.8 * n)
    X_train, y_train = images[:n_train], labels[:n_train]
    X_test, y_test = images[n_train:], labels[n_train:]

    params = {
        "W1": np.random.randn(6, 1, 3, 3) * np.sqrt(2 / 9),
        "b1": np.zeros(6),
        "W2": np.random.randn(8, 6, 3, 3) * np.sqrt(2 / 54),
        "b2": np.zeros(8),
        "W3": np.random.randn(128, 4) * np.sqrt(1 / 128),
        "b3": np.zeros(4),
    }
    velocity = {name: np.zeros_like(p) for name, p in params.items()}
    idx1 = im2col_indices(np, 1, 12, 12, 3, 3)
    idx2 = im2col_indices(np, 6, 10, 10, 3, 3)
    lr, momentum, batch, epochs = 0.05, 0.9, 32, 4

    losses = []
    for _ in range(epochs):
        order = np.random.permutation(n_train)
        for start in range(0, n_train, batch):
            sel = order[start:start + batch]
            xb, yb = X_train[sel], y_train[sel]
            nb = xb.shape[0]

            z1, cols1 = conv_forward(np, xb, params["W1"], params["b1"], idx1)
            a1 = np.maximum(z1, 0)
            z2, cols2 = conv_forward(np, a1, params["W2"], params["b2"], idx2)
            a2 = np.maximum(z2, 0)
            pooled, windows = maxpool_forward(np, a2)
            flat = pooled.reshape(nb, -1)
            scores = flat @ params["W3"] + params["b3"]
            scores -= scores.max(axis=1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(axis=1, keepdims=True)
            losses.append(-np.log(probs[np.arange(nb), yb]).mean())

            dscores = probs
            dscores[np.arange(nb), yb] -= 1
            dscores /= nb
            grads = {"W3": flat.T @ dscores, "b3": dscores.sum(axis=0)}
            dpooled = (dscores @ params["W3"].T).reshape(pooled.shape)
            da2 = maxpool_backward(np, dpooled, windows, pooled)
            dz2 = da2 * (z2 > 0)
            da1, grads["W2"], grads["b2"] = conv_backward(
                np, dz2, cols2, params["W2"], a1.shape, idx2)
            dz1 = np.where(z1 > 0, da1, 0.0)
            _, grads["W1"], grads["b1"] = conv_backward(
                np, dz1, cols1, params["W1"], xb.shape, idx1)

            for name in params:
                velocity[name] = momentum * velocity[name] - lr * grads[name]
                params[name] += velocity[name]

    test_scores = predict(np, params, X_test, idx1, idx2)
    train_pred = np.argmax(predict(np, params, X_train, idx1, idx2), axis=1)
    return {
        "losses": np.array(losses),
        "train_accuracy": np.mean(train_pred == y_train),
        "test_accuracy": np.mean(test_scores.argmax(axis=1) == y_test),
        "test_scores": test_scores,
        "W1": params["W1"],
        "W2": params["W2"],
    }

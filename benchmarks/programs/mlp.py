"""Minibatch MLP classifier: two hidden ReLU layers, softmax cross-entropy, Adam, float32.

Size at scale 1: 4000 x 64 inputs (labels from a random teacher network, 10 classes),
80/20 train/test split, hidden layers 128 and 64, batch 128, 20 epochs (500 Adam steps).
"""


def forward(np, params, x):
    h1 = np.maximum(0, x @ params["W1"] + params["b1"])
    h2 = np.maximum(0, h1 @ params["W2"] + params["b2"])
    logits = h2 @ params["W3"] + params["b3"]
    return h1, h2, logits


def softmax(np, logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(42)
    n, d, k = max(256, int(4000 * scale)), 64, 10
    epochs, batch = 20, 128

    X = rng.standard_normal((n, d)).astype(np.float32)
    teacher1 = rng.standard_normal((d, 32)).astype(np.float32)
    teacher2 = rng.standard_normal((32, k)).astype(np.float32)
    y = np.argmax(np.tanh(X @ teacher1 / 4) @ teacher2, axis=1)

    n_train = int(0.8 * n)
    X_train, y_train = X[:n_train], y[:n_train]
    X_test, y_test = X[n_train:], y[n_train:]
    mean, std = X_train.mean(axis=0), X_train.std(axis=0) + 1e-6
    X_train = (X_train - mean) / std
    X_test = (X_test - mean) / std

    sizes = [d, 128, 64, k]
    params = {}
    for i in range(3):
        fan_in, fan_out = sizes[i], sizes[i + 1]
        W = rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)
        params[f"W{i + 1}"] = W.astype(np.float32)
        params[f"b{i + 1}"] = np.zeros(fan_out, dtype=np.float32)
    m = {name: np.zeros_like(p) for name, p in params.items()}
    v = {name: np.zeros_like(p) for name, p in params.items()}
    lr, beta1, beta2, eps = 1e-3, 0.9, 0.999, 1e-8

    step = 0
    epoch_losses = []
    for _ in range(epochs):
        perm = rng.permutation(n_train)
        total = 0.0
        for start in range(0, n_train, batch):
            idx = perm[start:start + batch]
            xb, yb = X_train[idx], y_train[idx]
            nb = len(yb)

            h1, h2, logits = forward(np, params, xb)
            probs = softmax(np, logits)
            loss = -np.mean(np.log(probs[np.arange(nb), yb] + 1e-7))
            total += float(loss) * nb

            dlogits = probs.copy()
            dlogits[np.arange(nb), yb] -= 1
            dlogits /= nb
            grads = {"W3": h2.T @ dlogits, "b3": dlogits.sum(axis=0)}
            dh2 = dlogits @ params["W3"].T
            dh2[h2 <= 0] = 0
            grads["W2"] = h1.T @ dh2
            grads["b2"] = dh2.sum(axis=0)
            dh1 = dh2 @ params["W2"].T
            dh1 *= h1 > 0
            grads["W1"] = xb.T @ dh1
            grads["b1"] = dh1.sum(axis=0)

            step += 1
            for name, g in grads.items():
                m[name] = beta1 * m[name] + (1 - beta1) * g
                v[name] = beta2 * v[name] + (1 - beta2) * g**2
                m_hat = m[name] / (1 - beta1**step)
                v_hat = v[name] / (1 - beta2**step)
                params[name] -= lr * m_hat / (np.sqrt(v_hat) + eps)
        epoch_losses.append(total / n_train)

    train_pred = forward(np, params, X_train)[2].argmax(axis=1)
    test_probs = softmax(np, forward(np, params, X_test)[2])
    test_pred = np.argmax(test_probs, axis=1)
    return {
        "epoch_losses": epoch_losses,
        "train_accuracy": (train_pred == y_train).mean(),
        "test_accuracy": np.mean(test_pred == y_test),
        "test_pred": test_pred,
        "test_probs": test_probs,
        "W3": params["W3"],
        "b1": params["b1"],
    }

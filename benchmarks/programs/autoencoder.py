"""Dense autoencoder 48-24-6-24-48 (tanh hidden layers, linear output), mean-squared
reconstruction error, minibatch gradient descent with momentum, float32.

Size at scale 1: 3000 samples of 48 features lying near a 6-dimensional nonlinear manifold,
batch 100, 25 epochs (750 steps).
"""

from itertools import pairwise


def init_layer(np, rng, fan_in, fan_out):
    limit = np.sqrt(6.0 / (fan_in + fan_out))
    W = rng.uniform(-limit, limit, size=(fan_in, fan_out)).astype(np.float32)
    return W, np.zeros(fan_out, dtype=np.float32)


def encode_decode(np, layers, x):
    activations = [x]
    for i, (W, b) in enumerate(layers):
        z = activations[-1] @ W + b
        activations.append(np.tanh(z) if i < len(layers) - 1 else z)
    return activations


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(2024)
    n, d, latent = max(200, int(3000 * scale)), 48, 6
    codes = rng.uniform(-1, 1, size=(n, latent))
    mixing = rng.normal(size=(latent, d))
    data = np.sin(codes @ mixing) + 0.05 * rng.normal(size=(n, d))
    data = data.astype(np.float32)
    data = (data - data.mean(axis=0)) / data.std(axis=0)

    sizes = [d, 24, latent, 24, d]
    layers = [init_layer(np, rng, a, b) for a, b in pairwise(sizes)]
    velocity = [(np.zeros_like(W), np.zeros_like(b)) for W, b in layers]
    lr, momentum, batch, epochs = np.float32(0.02), np.float32(0.9), 100, 25

    history = []
    for _epoch in range(epochs):
        perm = rng.permutation(n)
        for start in range(0, n, batch):
            xb = data[perm[start:start + batch]]
            acts = encode_decode(np, layers, xb)
            err = acts[-1] - xb
            delta = 2 * err / err.size
            for i in reversed(range(len(layers))):
                W, b = layers[i]
                dW = acts[i].T @ delta
                db = delta.sum(axis=0)
                if i > 0:
                    delta = (delta @ W.T) * (1 - acts[i] ** 2)
                vW, vb = velocity[i]
                vW = momentum * vW - lr * dW
                vb = momentum * vb - lr * db
                velocity[i] = (vW, vb)
                layers[i] = (W + vW, b + vb)
        recon = encode_decode(np, layers, data)[-1]
        history.append(np.mean((recon - data) ** 2))

    codes_out = encode_decode(np, layers, data)[2]
    per_feature = ((encode_decode(np, layers, data)[-1] - data) ** 2).mean(axis=0)
    return {
        "mse_history": history,
        "final_mse": history[-1],
        "per_feature_mse": per_feature,
        "codes_head": codes_out[:20],
        "decoder_W": layers[-1][0],
        "dtype": str(codes_out.dtype),
    }
